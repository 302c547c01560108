// Debug runs open a V8 inspector in a trace worker, and whoever reaches an inspector runs code as the user.
// So only the program that started the node may start one (it holds the node's debug secret, handed over in
// the environment), the inspector listens on loopback only, a debug run that no debugger attaches to ends
// and frees its slot, and debug runs share one slot that plain traces never wait for. Each attack is a real
// request to a node started as the CLI and the extension start theirs; each ends with eth_chainId answering.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { debugSecretVariable } from '../../core/local-node-launcher';
import { connectWhenListening, freePort, type CdpClient } from '../support/cdp-client';
import { rpc, startNode, storeAndLogInitcode, waitFor } from './node-helpers';

const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-debug-door-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const tracerPath = join(dir, 'ops.tracer.js');
const tracerText =
  '{\n  ops: [],\n  step: function (log) {\n    this.ops.push(log.op.toString());\n  },\n  fault: function () {},\n  result: function () { return this.ops.length; }\n}';
writeFileSync(tracerPath, tracerText);

const debugCall = (debug: unknown) => [{ data: storeAndLogInitcode }, 'latest', { tracer: tracerText, debug }];

/** Whether anything accepts TCP connections on host:port. */
function listening(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** The IPv4 addresses listening on `port`, from the kernel's socket table (state 0A is LISTEN). */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A')
    .map(([, local]) =>
      local
        .slice(0, 8)
        .match(/../g)!
        .reverse()
        .map((byte) => parseInt(byte, 16))
        .join('.'),
    );
}

/** What a debugger does once attached (Chrome DevTools and js-debug alike): enable, then let the worker run. */
async function letRun(cdp: CdpClient): Promise<void> {
  await cdp.send('Debugger.enable');
  await cdp.send('Runtime.runIfWaitingForDebugger');
}

async function chainIdAnswers(url: string): Promise<void> {
  assert.equal((await rpc(url, 'eth_chainId')).result, '0xa868');
}

test("a debug run without the node's secret, with a wrong one, or asking for another address is refused, and no inspector opens", async () => {
  const node = await startNode([], { debugTraces: true });
  try {
    assert.ok(node.debugSecret && node.debugSecret.length >= 32);
    const port = await freePort();
    const attempts: Array<[unknown, RegExp]> = [
      [
        { file: tracerPath, port },
        /^invalid argument 2: "debug"\.secret is missing: debug runs need the secret of the program that started this node$/,
      ],
      [{ file: tracerPath, port, secret: '' }, /^debug run refused: its "secret" is not the one of the program that started this node$/],
      [{ file: tracerPath, port, secret: node.debugSecret!.slice(0, -1) + 'x' }, /^debug run refused/],
      [
        { file: tracerPath, port, secret: node.debugSecret, host: '0.0.0.0' },
        /^invalid argument 2: "debug"\.host must be a loopback address \(127\.0\.0\.1, ::1 or localhost\): the inspector listens nowhere else$/,
      ],
      [{ file: tracerPath, port, secret: node.debugSecret, host: '192.0.2.1' }, /"debug"\.host must be a loopback address/],
      [{ file: tracerPath, port, secret: node.debugSecret, host: ['127.0.0.1'] }, /"debug"\.host must be a loopback address/],
    ];
    for (const [debug, expected] of attempts) {
      const reply = await rpc(node.url, 'debug_traceCall', debugCall(debug));
      assert.match(reply.error?.message ?? JSON.stringify(reply), expected);
      assert.equal(await listening(port), false, 'no inspector was opened');
      assert.ok(!JSON.stringify(reply).includes(node.debugSecret!.slice(0, 8)), 'the answer does not echo the secret');
    }
    await chainIdAnswers(node.url);
  } finally {
    await node.stop();
  }
});

test('--debug-traces without a secret in the environment refuses to start, and says why', () => {
  const env = { ...process.env };
  delete env[debugSecretVariable];
  const run = spawnSync(process.execPath, ['dist/cli.js', 'node', '--port', '0', '--debug-traces'], {
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(run.status, 2);
  assert.match(
    run.stderr,
    new RegExp(
      `^evm-tracer node: --debug-traces \\(only the program that starts the node may start debug runs; it passes their secret there\\): environment variable ${debugSecretVariable} is not set`,
      'm',
    ),
  );
});

test(
  "the debug secret is on no command line, in no output, and not in the trace worker's environment",
  { skip: process.platform !== 'linux' && 'reads /proc' },
  async () => {
    let printed = '';
    const node = await startNode(['--debug-attach-timeout', '30s'], { debugTraces: true, onStderr: (text) => (printed += text) });
    const secret = node.debugSecret!;
    try {
      const port = await freePort();
      const traced = rpc(node.url, 'debug_traceCall', debugCall({ file: tracerPath, port, secret }));
      // The worker waits for a debugger now: every process of ours is there to be read.
      const cdp = await connectWhenListening(port);
      const processes = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
      let workers = 0;
      for (const pid of processes) {
        let cmdline: string;
        try {
          cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        } catch {
          continue; // gone meanwhile
        }
        assert.ok(!cmdline.includes(secret), `process ${pid}'s command line holds the secret`);
        if (cmdline.includes('trace-worker.js')) {
          workers++;
          assert.ok(!readFileSync(`/proc/${pid}/environ`, 'utf8').includes(secret), `trace worker ${pid}'s environment holds the secret`);
        }
      }
      assert.ok(workers > 0, "the debug run's worker was found");
      await letRun(cdp);
      const reply = await traced;
      cdp.close();
      assert.equal(reply.result, 7);
      assert.match(printed, /Debugger listening on ws:\/\/127\.0\.0\.1:/);
      assert.ok(!printed.includes(secret) && !JSON.stringify(reply).includes(secret));
    } finally {
      await node.stop();
    }
  },
);

test('a debug run no debugger attaches to ends with a clear error, frees its slot, and the next one runs', async () => {
  const node = await startNode(['--debug-attach-timeout', '1s'], { debugTraces: true });
  try {
    const port = await freePort();
    const abandoned = await rpc(node.url, 'debug_traceCall', debugCall({ file: tracerPath, port, secret: node.debugSecret }));
    assert.match(
      abandoned.error?.message ?? JSON.stringify(abandoned),
      /^no debugger attached to ws:\/\/127\.0\.0\.1:\d+\/[\w-]+ within 1 s: the debug run was ended$/,
    );
    // Killed as the answer went out: its port closes a moment later.
    await waitFor("the abandoned worker's inspector to close", async () => !(await listening(port)), 10_000);
    const next = await freePort();
    const traced = rpc(node.url, 'debug_traceCall', debugCall({ file: tracerPath, port: next, secret: node.debugSecret }));
    const cdp = await connectWhenListening(next);
    await letRun(cdp);
    assert.equal((await traced).result, 7);
    cdp.close();
    await chainIdAnswers(node.url);
  } finally {
    await node.stop();
  }
});

test('debug runs share one slot: waiting debug runs never hold up plain traces, and only one inspector is open', async () => {
  const node = await startNode(['--debug-attach-timeout', '60s'], { debugTraces: true });
  try {
    const ports = [await freePort(), await freePort(), await freePort()];
    const runs = ports.map((port) => rpc(node.url, 'debug_traceCall', debugCall({ file: tracerPath, port, secret: node.debugSecret })));
    const first = await connectWhenListening(ports[0]);
    // Two more debug runs queue behind the first; plain traces from the same client still run at once.
    for (let i = 0; i < 3; i++) {
      const plain = await rpc(node.url, 'debug_traceCall', [{ data: storeAndLogInitcode }, 'latest', { tracer: 'callTracer' }]);
      assert.equal((plain.result as { type?: string }).type, 'CREATE', JSON.stringify(plain));
    }
    assert.deepEqual(
      await Promise.all(ports.slice(1).map((port) => listening(port))),
      [false, false],
      'queued debug runs opened no inspector',
    );
    await letRun(first);
    assert.equal((await runs[0]).result, 7);
    first.close();
    for (const [index, port] of ports.slice(1).entries()) {
      const cdp = await connectWhenListening(port);
      await letRun(cdp);
      assert.equal((await runs[index + 1]).result, 7);
      cdp.close();
    }
    await chainIdAnswers(node.url);
  } finally {
    await node.stop();
  }
});

test('the inspector of a debug run listens on loopback only', { skip: process.platform !== 'linux' && 'reads /proc' }, async () => {
  const node = await startNode([], { debugTraces: true });
  try {
    const port = await freePort();
    const traced = rpc(node.url, 'debug_traceCall', debugCall({ file: tracerPath, port, secret: node.debugSecret, host: 'localhost' }));
    const cdp = await connectWhenListening(port);
    assert.deepEqual(listeningAddresses(port), ['127.0.0.1']);
    await letRun(cdp);
    assert.equal((await traced).result, 7);
    cdp.close();
  } finally {
    await node.stop();
  }
});
