// The local node a command starts for itself dies with the command on every exit path: SIGTERM or SIGINT in
// the middle of a trace, SIGKILL of the command (the node notices on its own), a mistake on the command line,
// an error from the node, an uncaught exception in the launching process; and so do the node's trace worker
// processes. Every process a test starts carries a unique environment marker, inherited by the node and its
// workers, so leftovers are found precisely among any other nodes on the machine.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, test } from 'node:test';

const cli = resolve('dist/cli.js');
const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-lifecycle-'));
const slowTracer = join(dir, 'slow.tracer.js');
writeFileSync(
  slowTracer,
  '{\n  step: function () {},\n  fault: function () {},\n  result: function () { var x = 0; for (var i = 0; i < 1e12; i++) { x += i; } return x; }\n}\n',
);
after(() => rmSync(dir, { recursive: true, force: true }));

const markerName = 'EVM_TRACER_LIFECYCLE_TEST';

/** A process that has exited but not been reaped (a zombie) no longer runs. */
function running(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Running processes whose environment holds `marker`. */
function marked(marker: string): number[] {
  const wanted = `${markerName}=${marker}`;
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(wanted) && running(pid);
      } catch {
        return false;
      }
    });
}

function commandLine(pid: number): string {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
}

async function until(condition: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

interface Started {
  child: ChildProcess;
  marker: string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function start(args: string[]): Started {
  const marker = randomUUID();
  const child = spawn(process.execPath, args, { env: { ...process.env, [markerName]: marker }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  child.stdout!.resume();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('exit', (code, signal) => done({ code, signal })),
  );
  return { child, marker, stderr: () => stderr, exited };
}

/** `evm-tracer trace call` with a tracer that runs for minutes, on the local node; resolves once the trace was sent. */
async function traceInProgress(): Promise<Started & { node: number }> {
  const call = JSON.stringify({ to: '0x0000000000000000000000000000000000000001' });
  const started = start([cli, 'trace', 'call', '--call', call, '--tracer', slowTracer, '--timeout', '5m', '--verbose']);
  await until(
    () => started.stderr().includes('→ POST') && started.stderr().includes('debug_traceCall'),
    60_000,
    'the trace request goes out',
  );
  const nodes = marked(started.marker).filter((pid) => /\/dist\/cli\.js node --port 0 /.test(commandLine(pid)));
  assert.equal(nodes.length, 1, 'the command runs one local node');
  // The worker starts once the node has the request (after its first-use probe of the worker flags).
  await until(
    () => marked(started.marker).some((pid) => commandLine(pid).includes('trace-worker.js')),
    30_000,
    'the node runs the trace in a worker process',
  );
  return { ...started, node: nodes[0] };
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  test(`${signal} to a running trace ends the command (128 + signal number) and its local node`, async () => {
    const trace = await traceInProgress();
    trace.child.kill(signal);
    assert.deepEqual(await trace.exited, { code: 128 + constants.signals[signal], signal: null });
    await until(() => !running(trace.node), 5000, `the node (pid ${trace.node}) exits`);
    await until(() => marked(trace.marker).length === 0, 5000, 'its trace worker exits too');
  });
}

test('SIGKILL of the command: the local node notices its launcher is gone and exits on its own', async () => {
  const trace = await traceInProgress();
  trace.child.kill('SIGKILL');
  assert.deepEqual(await trace.exited, { code: null, signal: 'SIGKILL' });
  await until(() => !running(trace.node), 5000, `the orphaned node (pid ${trace.node}) exits`);
  await until(() => marked(trace.marker).length === 0, 5000, 'its trace worker exits too');
});

test('check --network nosuchnet exits at once with a clear error and starts no node', async () => {
  const check = start([cli, 'check', '--network', 'nosuchnet']);
  const timer = setTimeout(() => check.child.kill('SIGKILL'), 30_000);
  const exit = await check.exited;
  clearTimeout(timer);
  assert.deepEqual(exit, { code: 1, signal: null });
  assert.equal(
    check.stderr(),
    "evm-tracer: unknown network 'nosuchnet': use mainnet (43114), fuji (43113), local (43112), a chain id, or any\n",
  );
  assert.deepEqual(marked(check.marker), []);
});

test('an error from the local node ends the command and the node', async () => {
  const trace = start([cli, 'trace', 'tx', `0x${'12'.repeat(32)}`, '--tracer', slowTracer]);
  assert.deepEqual(await trace.exited, { code: 1, signal: null });
  assert.match(trace.stderr(), /^evm-tracer: rpc: debug_traceTransaction failed: transaction not found/);
  assert.deepEqual(marked(trace.marker), []);
});

test('an uncaught exception in the launching process kills the node it launched', async () => {
  const script = join(dir, 'launch-and-crash.ts');
  writeFileSync(
    script,
    `import { launchLocalNode } from ${JSON.stringify(resolve('core/local-node-launcher.ts'))};\n` +
      `launchLocalNode({ cliPath: ${JSON.stringify(cli)} }).then(() => { throw new Error('crash after launch'); });\n`,
  );
  const crash = start(['--import', 'tsx', script]);
  const exit = await crash.exited;
  assert.equal(exit.code, 1);
  assert.match(crash.stderr(), /crash after launch/);
  await until(() => marked(crash.marker).length === 0, 5000, 'no marked process remains');
});
