// The fixture workspace the VS Code tests open (test/e2e/workspace), always as a copy: tests edit and
// save files, and the fixtures in git must stay as they are.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { repoRoot } from './tools.mjs';

const fixtureWorkspace = join(repoRoot, 'test/e2e/workspace');

export function copyFixtureWorkspace(destination) {
  cpSync(fixtureWorkspace, destination, { recursive: true });
}

/** A fresh copy in a temporary folder, deleted when this process exits. */
export function temporaryFixtureWorkspace() {
  const folder = join(mkdtempSync(join(tmpdir(), 'evm-tracer-workspace-')), 'workspace');
  copyFixtureWorkspace(folder);
  process.once('exit', () => rmSync(dirname(folder), { recursive: true, force: true }));
  return folder;
}
