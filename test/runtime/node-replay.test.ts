// `evm-tracer replay`: a geth tracer-test fixture re-executed by the CLI with a shipped tracer prints geth's
// result; --config reaches setup(); geth's JavaScript tracers run by name; bad input is refused naming what
// is wrong.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { devAccounts } from '../../runtime/chain/dev-accounts';
import { withoutLegacyGasGaps } from '../support/legacy-call-shape';
import { pragueChainConfig, signedRawCall } from '../support/prague-chain';

const conformance = resolve(process.env.EVM_TRACER_CONFORMANCE ?? join(__dirname, '..', '..', '..', 'shared', 'conformance'));
const missing = existsSync(conformance) ? false : `conformance fixtures not found at ${conformance} (set EVM_TRACER_CONFORMANCE)`;

function replay(...args: string[]) {
  return spawnSync(process.execPath, ['dist/cli.js', 'replay', ...args], { encoding: 'utf8', timeout: 120_000 });
}

test('replay prints the call tracer result geth recorded for the fixture (plus gas on calls that run no code)', { skip: missing }, () => {
  const fixture = join(conformance, 'call_tracer_legacy', 'simple.json');
  const run = replay(fixture, '--tracer', 'examples/call.tracer.js');
  assert.equal(run.status, 0, run.stderr);
  const expected = JSON.parse(readFileSync(fixture, 'utf8')).result;
  assert.deepEqual(withoutLegacyGasGaps(JSON.parse(run.stdout), expected), expected);
});

test('replay passes --config to setup() (prestate tracer with disableCode)', { skip: missing }, () => {
  const fixture = join(conformance, 'prestate_tracer', 'simple.json');
  const withCode = JSON.parse(replay(fixture, '--tracer', 'examples/prestate.tracer.js').stdout) as Record<string, { code?: string }>;
  const without = JSON.parse(
    replay(fixture, '--tracer', 'examples/prestate.tracer.js', '--config', '{"disableCode": true}').stdout,
  ) as Record<string, { code?: string }>;
  assert.ok(Object.values(withCode).some((account) => account.code !== undefined));
  assert.deepEqual(Object.keys(without).sort(), Object.keys(withCode).sort());
  assert.ok(Object.values(without).every((account) => account.code === undefined));
});

test('replay refuses bad input: usage errors exit 2, a malformed fixture exits 1 naming the field', () => {
  const noTracer = replay('fixture.json');
  assert.equal(noTracer.status, 2);
  assert.match(noTracer.stderr, /--tracer FILE\|NAME is required/);
  const badConfig = replay('fixture.json', '--tracer', 'examples/call.tracer.js', '--config', '{nope');
  assert.equal(badConfig.status, 2);
  assert.match(badConfig.stderr, /--config is not valid JSON/);
  const dir = mkdtempSync(join(tmpdir(), 'replay-'));
  const bad = join(dir, 'bad.json');
  writeFileSync(bad, JSON.stringify({ genesis: { config: { chainId: 1 }, alloc: {} }, context: { number: 'x' }, input: '0x' }));
  const run = replay(bad, '--tracer', 'examples/call.tracer.js');
  assert.equal(run.status, 1);
  assert.match(run.stderr, /context\.number: expected a non-negative number/);
});

test('replay runs every named tracer geth ships as JavaScript on a fixture (callTracerLegacy & co., not a ReferenceError)', async () => {
  // A fixture of our own in geth's format: a 1559 transaction calling `PUSH1 1 PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN`.
  const [signer] = devAccounts(1);
  const contract = '0x' + 'c0'.repeat(20);
  const fixture = {
    genesis: {
      config: pragueChainConfig,
      alloc: { [signer.address]: { balance: '0x' + (10n ** 20n).toString(16) }, [contract]: { code: '0x600160005260206000f3' } },
    },
    context: {
      number: '1',
      difficulty: '0',
      timestamp: '1700000000',
      gasLimit: '30000000',
      miner: '0x' + '00'.repeat(20),
      baseFeePerGas: '7',
    },
    input: signedRawCall(signer, contract, { data: '0x12345678' }),
  };
  const file = join(mkdtempSync(join(tmpdir(), 'replay-named-')), 'named.json');
  writeFileSync(file, JSON.stringify(fixture));
  const result = (tracer: string) => {
    const run = replay(file, '--tracer', tracer);
    assert.equal(run.status, 0, `${tracer}: ${run.stderr}`);
    return JSON.parse(run.stdout) as unknown;
  };
  assert.equal(result('opcountTracer'), 6);
  assert.deepEqual(result('unigramTracer'), { MSTORE: 1, PUSH1: 4, RETURN: 1 });
  assert.deepEqual(result('bigramTracer'), { 'MSTORE-PUSH1': 1, 'PUSH1-MSTORE': 1, 'PUSH1-PUSH1': 2, 'PUSH1-RETURN': 1 });
  assert.deepEqual(result('noopTracerLegacy'), {});
  // Names that start with a digit are names too, not file paths.
  assert.deepEqual(result('4byteTracerLegacy'), { '0x12345678-0': 1 });
  assert.deepEqual(result('4byteTracer'), { '0x12345678-0': 1 });
  const calls = result('callTracerLegacy') as Record<string, string>;
  assert.deepEqual(
    [calls.type, calls.from, calls.to, calls.input, calls.output],
    ['CALL', signer.address, contract, '0x12345678', '0x' + '1'.padStart(64, '0')],
  );
  assert.deepEqual(Object.keys(result('prestateTracerLegacy') as object).sort(), [contract, signer.address].sort());
  for (const tracer of ['trigramTracer', 'evmdisTracer']) assert.equal(typeof result(tracer), 'object', tracer);
  const unknown = replay(file, '--tracer', 'callTracerLegacyy');
  assert.equal(unknown.status, 1);
  assert.match(unknown.stderr, /ReferenceError: callTracerLegacyy is not defined .*\(built-in tracers: .*callTracerLegacy, /);
});
