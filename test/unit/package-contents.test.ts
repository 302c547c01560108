// The .vsix holds every bundle esbuild.mjs writes (the extension, its webview scripts, the language server, the
// CLI that starts the local node, the trace worker, the report assets): each is let in by .vscodeignore. A
// webview script left out would leave its view blank in the installed extension while every other test passes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { browserEntries, nodeEntries } from '../../esbuild.mjs';

test('.vscodeignore lets every bundle into the package', () => {
  const allowed = new Set(
    readFileSync('.vscodeignore', 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('!'))
      .map((line) => line.slice(1).trim()),
  );
  const bundles = [...nodeEntries, ...browserEntries].map(([, output]) => output);
  assert.deepEqual(
    bundles.filter((output) => !allowed.has(output)),
    [],
    'bundles .vscodeignore leaves out of the .vsix',
  );
});
