// `evm-tracer cache [info|clear]`: what the fork cache holds, and clearing it, in the folder --cache-dir or
// EVM_TRACER_CACHE_DIR names.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { openForkCache } from '../../runtime/state/fork-cache';
import { emptySnapshot } from '../../runtime/state/upstream-snapshot';
import { runCli } from '../support/run-cli';

const root = mkdtempSync(join(tmpdir(), 'evm-tracer-cache-cli-'));
const stateHome = mkdtempSync(join(tmpdir(), 'evm-tracer-cache-key-'));
after(() => [root, stateHome].forEach((dir) => rmSync(dir, { recursive: true, force: true })));

test('cache info lists each chain and upstream; cache clear empties the folder', async () => {
  const snapshot = emptySnapshot();
  snapshot.accounts['0x' + '11'.repeat(20)] = { balance: '0x1', nonce: '0x0', code: '0x' };
  const store = await openForkCache(root, 'https://api.example/ext/bc/C/rpc?key=SECRET', {
    env: { XDG_STATE_HOME: stateHome },
    warn: assert.fail,
  });
  const cache = store!.chain(43114);
  await cache.saveState('0x' + '01'.repeat(32), { snapshot, targets: new Set() });
  await cache.saveRpc('eth_getBlockByHash', ['0x' + '01'.repeat(32), true], { number: '0x1' });

  const info = await runCli(['cache', 'info'], { env: { EVM_TRACER_CACHE_DIR: root } });
  assert.equal(info.status, 0, info.stderr);
  assert.match(
    info.stdout,
    new RegExp(
      `^${join(root, 'fork-v2')}: 0\\.0 MiB of at most 512\\.0 MiB\\n  chain 43114, upstream [0-9a-f]{24}: 2 files, 0\\.0 MiB\\n$`,
    ),
  );
  assert.ok(!info.stdout.includes('api.example') && !info.stdout.includes('SECRET'));

  const cleared = await runCli(['cache', 'clear', '--cache-dir', root]);
  assert.equal(cleared.status, 0, cleared.stderr);
  assert.equal(cleared.stdout, `cleared ${join(root, 'fork-v2')} (0.0 MiB)\n`);
  assert.ok(!existsSync(join(root, 'fork-v2')));
  assert.ok(existsSync(root), 'only the fork cache goes, not the folder given');
});

test('cache refuses what it does not know, saying what it expected', async () => {
  const run = await runCli(['cache', 'purge']);
  assert.equal(run.status, 2);
  assert.match(run.stderr, /^evm-tracer cache: expected info or clear \(got 'purge'\)\n\nusage: evm-tracer cache/);
});

test('cache info and clear refuse a cache folder that is a link, and touch nothing behind it', async () => {
  const link = join(root, 'link');
  const target = mkdtempSync(join(tmpdir(), 'evm-tracer-cache-target-'));
  after(() => rmSync(target, { recursive: true, force: true }));
  mkdirSync(join(target, 'fork-v2'));
  symlinkSync(target, link);
  for (const action of ['info', 'clear']) {
    const run = await runCli(['cache', action, '--cache-dir', link]);
    assert.equal(run.status, 1, action);
    assert.match(
      run.stderr,
      new RegExp(`^evm-tracer: fork cache: not (using|clearing) ${link}: it is a symbolic link, and the fork cache follows none\\n$`),
    );
  }
  assert.ok(existsSync(join(target, 'fork-v2')), 'nothing behind the link was cleared');
});
