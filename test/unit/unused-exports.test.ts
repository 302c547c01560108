// Every export of the project's modules is imported by another file (a module or a test), or is an entry
// point's (its loader uses it): an export nobody imports is dead code, or an `export` keyword to drop.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { browserEntries, nodeEntries } from '../../esbuild.mjs';
import { projects, root } from '../support/import-graph';
import { unusedExports, type UnusedExport } from '../support/unused-exports';

const checked = ['core/', 'server/', 'client/', 'report/', 'runtime/', 'cli/', 'bench/'];

/** Files whose exports their loader uses, not an import. */
function isEntryPoint(file: string): boolean {
  return (
    [...nodeEntries, ...browserEntries].some(([entry]) => entry === file) ||
    // bench/run.ts imports each by file name; bench/vscode/ runs under mocha in VS Code.
    /^bench\/[^/]+\.bench\.ts$/.test(file) ||
    file.startsWith('bench/vscode/') ||
    // The tracer realm's script: runtime/tracer/host/realm.ts imports it as `tracer-realm:install`.
    file === 'runtime/tracer/inside/install.ts'
  );
}

const shown = (unused: UnusedExport[]) =>
  unused.map(({ file, name, usedInFile }) => `${file}: ${name}${usedInFile ? ' (used only in its own file: drop `export`)' : ''}`);

test('every export of core/, server/, client/, report/, runtime/, cli/ and bench/ is imported somewhere', () => {
  const inScope = (file: string) => checked.some((folder) => file.startsWith(folder)) && !isEntryPoint(file);
  const unused = shown(unusedExports({ root, projects, inScope }));
  assert.deepEqual(unused, [], `exports nothing imports:\n${unused.join('\n')}`);
});

test('the finder follows every import form and names the exports no other file reaches', () => {
  const dir = mkdtempSync(join(tmpdir(), 'unused-exports-'));
  const files: Record<string, string> = {
    'tsconfig.json': JSON.stringify({
      compilerOptions: { strict: true, target: 'ES2022', lib: ['ES2022'], module: 'ESNext', moduleResolution: 'Bundler', types: [] },
      include: ['*.ts'],
    }),
    'a.ts': [
      'export function imported(): number { return 1; }',
      'export function reexported(): number { return 2; }',
      'export function localOnly(): number { return 3; }',
      'export function dead(): number { return 4; }',
      'export const viaStar = 5;',
      'export type OnlyType = { n: number };',
      'export const destructured = 6;',
      'export const byKey = 7, notByKey = 8;',
      'localOnly();',
    ].join('\n'),
    'b.ts': [
      "export * from './a';",
      "export { imported as renamed } from './a';",
      "export { reexported as reexportedOnly } from './a';",
    ].join('\n'),
    'c.ts': [
      "import { viaStar, renamed } from './b';",
      "import type { OnlyType } from './a';",
      "import * as ns from './d';",
      "import * as whole from './e';",
      'const t: OnlyType = { n: renamed() + viaStar + ns.one };',
      'JSON.stringify([t, whole]);',
      'export async function run(): Promise<number> {',
      "  const { destructured } = await import('./a');",
      "  const key = 'byKey' as const;",
      "  return destructured + (await import('./a'))[key];",
      '}',
    ].join('\n'),
    'd.ts': 'export const one = 1;\nexport const two = 2;',
    'e.ts': 'export const anything = 1;',
  };
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    assert.deepEqual(shown(unusedExports({ root: dir, projects: ['tsconfig.json'], inScope: () => true })), [
      'a.ts: dead',
      'a.ts: localOnly (used only in its own file: drop `export`)',
      'a.ts: notByKey',
      'b.ts: reexportedOnly',
      'c.ts: run',
      'd.ts: two',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
