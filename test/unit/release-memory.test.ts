// The language server's collection after documents close (server/release-memory.ts): memory nothing
// references any more is given back at once, where V8 alone keeps it until the program allocates again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { releaseMemorySoon } from '../../server/release-memory';

const MB = 1024 * 1024;

test('releaseMemorySoon collects what nothing references, without waiting for the next allocation', async () => {
  let garbage: number[][] | undefined = Array.from({ length: 200 }, () => new Array<number>(100_000).fill(1.5)); // 160 MB
  const held = process.memoryUsage().heapUsed;
  assert.ok(garbage.length === 200 && held > 150 * MB);
  garbage = undefined;
  releaseMemorySoon();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const released = held - process.memoryUsage().heapUsed;
  assert.ok(released > 140 * MB, `${Math.round(released / MB)} MB released`);
});
