// `evm-tracer replay`: a geth tracer-test fixture re-executed by the CLI with a shipped tracer prints geth's
// result; --config reaches setup(); bad input is refused naming what is wrong.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { withoutLegacyGasGaps } from '../support/legacy-call-shape';

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
  const without = JSON.parse(replay(fixture, '--tracer', 'examples/prestate.tracer.js', '--config', '{"disableCode": true}').stdout) as Record<string, { code?: string }>;
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
