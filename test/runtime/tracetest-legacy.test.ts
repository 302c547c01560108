// geth's tracetest folders call_tracer_legacy and prestate_tracer_legacy, run with our ES5 callTracerLegacy
// and prestateTracerLegacy, compared as geth's calltrace_test.go and prestate_test.go compare them: both
// sides decoded into geth's Go test structs (callTrace, prestateTrace) and encoded again, so field order,
// unknown fields, absent-versus-empty and hex spelling are normalised exactly as there. The corpus is not
// part of the project: $EVM_TRACER_TRACETEST names geth's eth/tracers/internal/tracetest/testdata. Each fixture
// is also replayed from the CLI (`evm-tracer replay FIXTURE --tracer NAME`).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fixtureJob } from '../../runtime/trace/fixture-job';
import { runTraceJob } from '../../runtime/trace/run';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

const execFileAsync = promisify(execFile);
const corpus = process.env.EVM_TRACER_TRACETEST;
const skip = !corpus
  ? 'EVM_TRACER_TRACETEST is not set (geth tracetest testdata folder)'
  : !existsSync(corpus)
    ? `EVM_TRACER_TRACETEST=${corpus} does not exist`
    : false;

const hexQuantity = (v: Json | undefined) => (typeof v === 'string' || typeof v === 'number' ? '0x' + BigInt(v).toString(16) : null);
const hexBytes = (v: Json | undefined) => (typeof v === 'string' ? v.toLowerCase() : '0x');
const address = (v: Json | undefined) => (typeof v === 'string' ? v.toLowerCase() : '0x' + '0'.repeat(40));

/** Go's callTrace struct: pointers without omitempty become null, omitempty fields vanish when empty. */
function goCallTrace(call: Obj): Obj {
  const out: Obj = { from: address(call.from), gas: hexQuantity(call.gas), gasUsed: hexQuantity(call.gasUsed) };
  if (typeof call.to === 'string') out.to = address(call.to);
  out.input = hexBytes(call.input);
  if (typeof call.output === 'string' && call.output.length > 2) out.output = call.output.toLowerCase();
  if (call.error) out.error = call.error;
  if (call.revertReason) out.revertReason = call.revertReason;
  if (Array.isArray(call.calls) && call.calls.length > 0) out.calls = call.calls.map((c) => goCallTrace(c as Obj));
  if (Array.isArray(call.logs) && call.logs.length > 0) out.logs = call.logs;
  if (call.value !== undefined && call.value !== null) out.value = hexQuantity(call.value);
  out.type = call.type ?? '';
  return out;
}

/** Go's prestateTrace map: addresses and slots as canonical hex, every account field present. */
function goPrestate(accounts: Obj): Obj {
  const out: Obj = {};
  for (const key of Object.keys(accounts).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))) {
    const account = accounts[key] as Obj;
    const storage = account.storage as Obj | undefined;
    out[address(key)] = {
      balance: account.balance ?? '',
      code: account.code ?? '',
      nonce: Number(account.nonce ?? 0),
      storage: storage ? Object.fromEntries(Object.entries(storage).map(([k, v]) => [k.toLowerCase(), String(v).toLowerCase()])) : null,
    };
  }
  return out;
}

const folders = [
  { folder: 'call_tracer_legacy', tracer: 'callTracerLegacy', normalise: (v: Json) => goCallTrace(v as Obj) },
  { folder: 'prestate_tracer_legacy', tracer: 'prestateTracerLegacy', normalise: (v: Json) => goPrestate(v as Obj) },
];

for (const { folder, tracer, normalise } of folders) {
  const dir = corpus ? join(corpus, folder) : '';
  const files =
    !skip && existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.json'))
          .sort()
      : [];
  if (files.length === 0) test(`tracetest ${folder}`, { skip: skip || `${dir} is missing` }, () => {});
  for (const file of files) {
    test(`tracetest ${folder}/${file} with ${tracer}`, { timeout: 60_000 }, async () => {
      const fixture = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { result: Json; tracerConfig?: unknown };
      const config = fixture.tracerConfig === undefined ? undefined : JSON.stringify(fixture.tracerConfig);
      const [outcome] = await runTraceJob(fixtureJob(fixture, file, tracer, config));
      assert.ok('json' in outcome, `trace failed: ${'error' in outcome ? outcome.error : ''}`);
      assert.deepEqual(normalise(JSON.parse(outcome.json) as Json), normalise(fixture.result));
      // The CLI replays it by the tracer's name too (it once took only the native names).
      const { stdout } = await execFileAsync(process.execPath, ['dist/cli.js', 'replay', join(dir, file), '--tracer', tracer], {
        maxBuffer: 64 * 1024 * 1024,
      });
      assert.deepEqual(normalise(JSON.parse(stdout) as Json), normalise(fixture.result));
    });
  }
}
