// The VS Code suites' hidden commands (client/commands/test-hooks.ts) are compiled into test builds only:
// the packaged extension (esbuild.mjs --production, as `npm run package` builds it) and its manifest hold
// none of them, and the test build holds each.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import * as esbuild from 'esbuild';
import { nodeBuildOptions } from '../../esbuild.mjs';

const hooks = ['lastResultView', 'logFolder', 'nodeStatus', 'activePrompt', 'answerPrompt'];

async function extensionBundle(options: { production?: boolean; testHooks?: boolean }): Promise<string> {
  const result = await esbuild.build({
    ...nodeBuildOptions('client/extension.ts', 'dist/extension.js', options),
    write: false,
    sourcemap: false,
  });
  const bundle = result.outputFiles?.find((file) => file.path.endsWith('extension.js'));
  assert.ok(bundle, 'no extension.js in the build output');
  return bundle.text;
}

test('the packaged extension holds no test hook; the test build holds every one', async () => {
  const packaged = await extensionBundle({ production: true });
  assert.doesNotMatch(packaged, /evmTracer\._test|activePromptView|answerActivePrompt|lastResultView/);
  const testBuild = await extensionBundle({ testHooks: true });
  assert.ok(testBuild.includes('evmTracer._test.'));
  // Each hook, and the quick-input functions only the hooks reach.
  for (const name of [...hooks, 'activePromptView', 'answerActivePrompt']) assert.ok(testBuild.includes(name), name);
});

test('package.json contributes no test hook', () => {
  const manifest = readFileSync('package.json', 'utf8');
  assert.doesNotMatch(manifest, /_test/);
});

test('a production build with test hooks is refused', () => {
  assert.throws(
    () => nodeBuildOptions('client/extension.ts', 'dist/extension.js', { production: true, testHooks: true }),
    /--test-hooks is for test builds/,
  );
});
