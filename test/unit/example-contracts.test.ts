// The committed example-contract JSON (what `--seed examples` deploys) is what solc makes of
// examples/contracts today: a contract edited without `node build/compile-examples.mjs` fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
// @ts-expect-error: a build script without type declarations
import { compileExamples, outputFile } from '../../build/compile-examples.mjs';

test('runtime/devchain/seed/example-contracts.json matches examples/contracts/*.sol', () => {
  const committed = JSON.parse(readFileSync(outputFile, 'utf8'));
  assert.deepEqual(compileExamples(), committed, 'run `node build/compile-examples.mjs` and commit the JSON');
});
