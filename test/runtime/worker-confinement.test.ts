// Defence in depth: the trace worker process itself, started exactly as runTraceJob starts it, is powerless.
// A preload script stands in for code that escaped the tracer realm: it gets the worker's real `process` and
// tries to spawn, read outside the worker's bundle, write, start a thread, load an addon, open the inspector
// and compile code from a string; then the worker still runs a trace under the same flags.
import assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, test } from 'node:test';
import { permissionFlag, workerLaunch } from '../../runtime/trace/worker-launch';
import { oneCallJob } from './one-call-job';

const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-confinement-'));
const canary = join(dir, 'written');
const probe = join(dir, 'probe.cjs');
const workerFile = resolve('dist/trace-worker.js');
after(() => rmSync(dir, { recursive: true, force: true }));

writeFileSync(
  probe,
  `
const attempts = {
  spawn: () => require('node:child_process').execFileSync('/bin/echo', ['spawned']).toString(),
  readOutside: () => require('node:fs').readFileSync(${JSON.stringify(resolve('package.json'))}, 'utf8').length,
  write: () => require('node:fs').writeFileSync(${JSON.stringify(canary)}, 'x'),
  thread: () => new (require('node:worker_threads').Worker)('1', { eval: true }).on('error', () => {}).unref(),
  addon: () => process.dlopen({ exports: {} }, '/nonexistent.node'),
  inspector: () => require('node:inspector').open(0),
  codeFromString: () => new Function('return 1')(),
};
const outcome = {};
for (const [name, attempt] of Object.entries(attempts)) {
  try { attempt(); outcome[name] = 'allowed'; } catch (error) { outcome[name] = error.code || error.name; }
}
process.send({ type: 'probe', outcome });
`,
);

// PUSH1 1, PUSH1 0, MSTORE, STOP: four steps.
const job = oneCallJob(
  '{n: 0, step: function() { this.n++; }, fault: function() {}, result: function() { return this.n; }}',
  30_000,
  '0x600160005200',
);

function runProbe(network: boolean): Promise<{ outcome: Record<string, string>; trace: unknown }> {
  const launch = workerLaunch(workerFile, { network });
  // The probe must be readable too; it is the only addition to the worker's own command line.
  const execArgv = [...launch.execArgv, ...(permissionFlag() ? [`--allow-fs-read=${probe}`] : []), '--require', probe];
  const child = fork(workerFile, [], {
    execPath: launch.execPath,
    execArgv,
    env: launch.env,
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolvePromise, reject) => {
    let outcome: Record<string, string> | undefined;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no answer from the worker: ${stderr}`));
    }, 60_000);
    child.on('message', (message: { type: string; outcome?: Record<string, string>; index?: number }) => {
      if (message.type === 'probe') {
        outcome = message.outcome;
        child.send({ job });
      }
      if (message.type === 'outcome') {
        clearTimeout(timer);
        child.kill();
        resolvePromise({ outcome: outcome!, trace: (message as { outcome?: unknown }).outcome });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (!outcome) reject(new Error(`worker exited (${code}): ${stderr}`));
    });
  });
}

test('the permission model is enforced by this runtime', () => {
  assert.ok(permissionFlag(), `Node ${process.version} did not enforce --permission/--experimental-permission`);
});

test('a worker (local traces) can spawn, read outside its bundle, write, start threads, load addons, open the inspector or eval nothing; it still traces', async () => {
  const { outcome, trace } = await runProbe(false);
  assert.deepEqual(outcome, {
    spawn: 'ERR_ACCESS_DENIED',
    readOutside: 'ERR_ACCESS_DENIED',
    write: 'ERR_ACCESS_DENIED',
    thread: 'ERR_ACCESS_DENIED',
    addon: 'ERR_DLOPEN_DISABLED',
    inspector: 'ERR_ACCESS_DENIED',
    codeFromString: 'EvalError',
  });
  assert.equal(existsSync(canary), false);
  assert.deepEqual(trace, { json: '4' });
});

test('a fork-mode worker may start its fetch thread, and nothing else more', async () => {
  const { outcome } = await runProbe(true);
  assert.equal(outcome.thread, 'allowed');
  for (const name of ['spawn', 'readOutside', 'write', 'inspector']) assert.equal(outcome[name], 'ERR_ACCESS_DENIED', name);
  assert.equal(existsSync(canary), false);
});
