// The documents name files of the tree (backticked paths from the repository root, and relative links); a rename
// must not leave them pointing at nothing. Every such path must exist, every link's #anchor must be a heading of
// its target, and every folder of the tree must be listed in docs/architecture.md's layout.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { test } from 'node:test';
import { headingAnchors, projectDocuments, proseLines } from '../support/markdown';

/** The tree's files: tracked, plus new ones git does not ignore (so a new document counts before its commit). */
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((path) => path !== '' && existsSync(path));
const fileSet = new Set(files);
const folders = new Set(
  files.flatMap((path) =>
    path
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);
const topLevel = new Set(files.map((path) => path.split('/')[0]));

const exists = (path: string) => fileSet.has(path) || folders.has(path.replace(/\/$/, ''));

/** `a/{b,c}.ts` → `a/b.ts`, `a/c.ts`. */
function expandBraces(path: string): string[] {
  const match = /\{([^{}]*)\}/.exec(path);
  if (!match) return [path];
  return match[1]
    .split(',')
    .flatMap((choice) => expandBraces(path.slice(0, match.index) + choice + path.slice(match.index + match[0].length)));
}

/** A path with `*` matches at least one file (`*` stays within one folder). */
function globMatches(pattern: string): boolean {
  const regex = new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]*')}$`,
  );
  return files.some((path) => regex.test(path));
}

/** Inline code that names a path of this tree: no spaces, a slash, and a first part that is a top-level entry. */
function namedPaths(text: string): string[] {
  return [...text.matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1])
    .filter((code) => code.includes('/') && /^[\w.@-]+\/[\w.@/*{},-]*$/.test(code) && topLevel.has(code.split('/')[0]));
}

const documents = projectDocuments();

for (const document of documents) {
  const lines = proseLines(readFileSync(document, 'utf8'));

  test(`every path ${document} names exists`, () => {
    const missing = lines.flatMap(({ text, number }) =>
      namedPaths(text)
        .filter((path) => !expandBraces(path).every((one) => (one.includes('*') ? globMatches(one) : exists(one))))
        .map((path) => `${document}:${number}: ${path}`),
    );
    assert.deepEqual(missing, [], 'paths that are not in the tree');
  });

  test(`every relative link of ${document} leads to a file and heading`, () => {
    const broken: string[] = [];
    for (const { text, number } of lines) {
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:
        const [path, anchor] = target.split('#');
        const file = path === '' ? document : normalize(join(dirname(document), path));
        if (!exists(file)) broken.push(`${document}:${number}: ${target} (no such file)`);
        else if (anchor !== undefined && file.endsWith('.md') && !headingAnchors(readFileSync(file, 'utf8')).has(anchor)) {
          broken.push(`${document}:${number}: ${target} (no such heading in ${file})`);
        }
      }
    }
    assert.deepEqual(broken, [], 'links that lead nowhere');
  });
}

test('docs/architecture.md lists every folder of the tree', () => {
  const architecture = readFileSync('docs/architecture.md', 'utf8');
  const listed = new Set(namedPaths(architecture).map((path) => path.replace(/\/$/, '')));
  // Folders outside test/ at every depth, and test/'s own folders (the ones below are the tests' private data).
  const wanted = [...folders].filter(
    (folder) => !folder.startsWith('.') && (!folder.startsWith('test/') || folder.split('/').length === 2),
  );
  assert.deepEqual(wanted.filter((folder) => !listed.has(folder)).sort(), [], 'folders docs/architecture.md does not list');
});

test("README's pictures are packaged: relative paths that .vscodeignore lets into the .vsix", () => {
  // vsce runs with --no-rewrite-relative-links, so the extension page finds a picture only inside the package.
  const packaged = readFileSync('.vscodeignore', 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('!'))
    .map(
      (line) =>
        new RegExp(
          `^${line
            .slice(1)
            .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
            .replace(/\*\*/g, '.*')}$`,
        ),
    );
  const pictures = [...readFileSync('README.md', 'utf8').matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((match) => match[1]);
  assert.ok(pictures.length > 0, 'README shows pictures');
  assert.deepEqual(
    pictures.filter((path) => /^[a-z]+:/i.test(path) || !packaged.some((pattern) => pattern.test(path))),
    [],
    'pictures outside the package',
  );
});

test('the path check catches a renamed file, a bad glob and a missing heading', () => {
  assert.deepEqual(namedPaths('see `runtime/node/auth.ts`, `not-a-folder/x.ts`, `a b/c`'), ['runtime/node/auth.ts']);
  assert.equal(exists('runtime/node/auth.ts'), true);
  assert.equal(exists('runtime/node/authentication.ts'), false);
  assert.equal(globMatches('test/runtime/node*.test.ts'), true);
  assert.equal(globMatches('test/runtime/nope*.test.ts'), false);
  assert.deepEqual(expandBraces('t/{a,b}.ts'), ['t/a.ts', 't/b.ts']);
  assert.equal(headingAnchors("## geth's built-in tracers\n").has('geths-built-in-tracers'), true);
  assert.equal(headingAnchors('```sh\n# not a heading\n```\n').size, 0);
});
