import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';

test('evm-tracer with an unknown command exits 2 and names it', () => {
  const run = spawnSync(process.execPath, ['dist/cli.js', 'frobnicate'], { encoding: 'utf8' });
  assert.equal(run.status, 2);
  assert.match(run.stderr, /unknown command 'frobnicate'/);
});
