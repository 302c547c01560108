// `evm-tracer trace call --inspect`: the CLI's own local node runs the trace in a worker that waits for a
// debugger; a raw CDP client (as Chrome DevTools or VS Code would) sets breakpoints by the tracer file's URL,
// is paused on the file's own lines and columns, evaluates on the frame, steps and resumes, and the CLI prints
// the tracer's result. The trace's time-out stands still while the debugger holds the worker, and tracer
// code finds nothing of the host in a debug run either.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, test } from 'node:test';
import { CdpClient, connectWhenListening, freePort } from '../support/cdp-client';
import { runCli } from '../support/run-cli';
import { rpc, startNode, storeAndLogInitcode } from '../runtime/node-helpers';
import { opsTracerText } from '../support/ops-tracer';

const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-inspect-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A create call running the storeAndLog initcode: 7 steps, the first a PUSH1 at pc 0. */
const createCall = JSON.stringify({ data: storeAndLogInitcode });
const initcodeOps = ['PUSH1', 'PUSH1', 'PUSH1', 'CODECOPY', 'PUSH1', 'PUSH1', 'RETURN'];
/** Initcode that CALLs the identity precompile (0x04) with no input and no value, then stops. */
const callsIdentity = '0x60006000600060006000600461fffff100';

function tracerFile(name: string, text: string): { path: string; url: string } {
  const path = join(dir, name);
  writeFileSync(path, text);
  return { path, url: pathToFileURL(path).href };
}

interface DebugRun {
  /** The inspector's WebSocket URL, from the "Debugger listening on" line. */
  url: Promise<string>;
  finished: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

function debugTrace(tracer: string, extra: string[] = [], call = createCall): DebugRun {
  const child = spawn(
    process.execPath,
    ['dist/cli.js', 'trace', 'call', '--call', call, '--tracer', tracer, '--inspect', '127.0.0.1:0', ...extra],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  const url = new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const match = /^Debugger listening on (ws:\/\/\S+)$/m.exec(stderr);
      if (match) resolve(match[1]);
    });
    child.once('exit', () => reject(new Error(`the CLI exited without a debugger URL:\n${stderr}`)));
  });
  const finished = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
  return { url, finished };
}

/** Attached with breakpoints at the file's `lines` (0-based), then lets the trace run. */
async function attach(run: DebugRun, url: string, lines: Array<{ line: number; column?: number }>): Promise<CdpClient> {
  const cdp = await CdpClient.connect(await run.url);
  await cdp.send('Debugger.enable');
  for (const { line, column } of lines) await cdp.send('Debugger.setBreakpointByUrl', { url, lineNumber: line, columnNumber: column ?? 0 });
  await cdp.send('Runtime.runIfWaitingForDebugger');
  return cdp;
}

test(
  "a breakpoint in step pauses on the file's line; evaluate, step over, resume, and the CLI prints the result",
  { timeout: 60_000 },
  async () => {
    const tracer = tracerFile(
      'ops.tracer.js',
      [
        '{',
        '  ops: [],',
        '  step: function (log) {',
        '    var name = log.op.toString();',
        '    var pc = log.getPC();',
        "    this.ops.push(name + '@' + pc);",
        '  },',
        '  fault: function () {},',
        '  result: function () { return this.ops; }',
        '}',
      ].join('\n'),
    );
    const run = debugTrace(tracer.path);
    const cdp = await attach(run, tracer.url, [{ line: 3 }]);
    try {
      const first = await cdp.paused();
      assert.equal(cdp.scripts.get(first.location.scriptId), tracer.url);
      assert.equal(first.location.lineNumber, 3);
      // V8's first break position on the line: the `log.op` getter call.
      assert.equal(first.location.columnNumber, '    var name = log.op.toString();'.indexOf('op.'));
      assert.equal(first.functionName, 'step');
      assert.equal(await cdp.evaluate(first, 'log.op.toString()'), 'PUSH1');
      assert.equal(await cdp.evaluate(first, 'log.getPC()'), 0);
      await cdp.send('Debugger.stepOver');
      const stepped = await cdp.paused();
      assert.equal(cdp.scripts.get(stepped.location.scriptId), tracer.url);
      assert.equal(stepped.location.lineNumber, 4);
      assert.equal(await cdp.evaluate(stepped, 'name'), 'PUSH1');
      // Deactivated as a debugger's button does (the breakpoint stays set): the trace runs to its end.
      await cdp.send('Debugger.setBreakpointsActive', { active: false });
      await cdp.send('Debugger.resume');
      const { code, stdout, stderr } = await run.finished;
      assert.equal(code, 0, stderr);
      const pcs = [0, 2, 4, 6, 7, 9, 11];
      assert.deepEqual(
        JSON.parse(stdout),
        initcodeOps.map((op, i) => `${op}@${pcs[i]}`),
      );
    } finally {
      cdp.close();
    }
  },
);

test(
  "a breakpoint held longer than the trace's timeout does not time it out; line 1 keeps the file's columns; log previews",
  { timeout: 60_000 },
  async () => {
    const first = '{ step: function (log) { if (log.getPC() === 4) { this.held = log.op.toString(); } },';
    const tracer = tracerFile('held.tracer.js', `${first}\n  fault: function () {}, result: function () { return this.held; } }\n`);
    const run = debugTrace(tracer.path, ['--timeout', '1s']);
    const column = first.indexOf('this.held');
    const cdp = await attach(run, tracer.url, [{ line: 0, column }]);
    try {
      const paused = await cdp.paused();
      // V8 breaks at the `log.op` getter call: a column the wrapping `(` would shift by one.
      assert.deepEqual([paused.location.lineNumber, paused.location.columnNumber], [0, first.indexOf('op.toString')]);
      // What VS Code's debugger shows for the tracer API's objects (their `debug.description`).
      const describe = (expression: string) => cdp.evaluate(paused, `${expression}[Symbol.for('debug.description')]()`);
      assert.match(String(await describe('log')), /^PUSH1 pc=4 gas=\d+ cost=3 depth=1$/);
      assert.equal(await describe('log.op'), 'PUSH1 (0x60)');
      assert.equal(await describe('log.stack'), 'Stack(2) [0xc, 0x14] (top first)');
      assert.equal(await describe('log.memory'), 'Memory(0 bytes)');
      assert.match(String(await describe('log.contract')), /^Contract 0x[0-9a-f]{40}$/);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await cdp.send('Debugger.resume');
      const { code, stdout, stderr } = await run.finished;
      assert.equal(code, 0, stderr);
      assert.equal(JSON.parse(stdout), 'PUSH1');
    } finally {
      cdp.close();
    }
  },
);

test(
  'what a debugger lists for log, its parts, db and ctx: the API with its current values, read with side effects forbidden',
  { timeout: 60_000 },
  async () => {
    const tracer = tracerFile(
      'listed.tracer.js',
      [
        '{',
        '  step: function (log, db) {',
        '    if (log.getPC() === 4) this.seen = true;',
        '  },',
        '  fault: function () {},',
        '  result: function (ctx, db) {',
        '    return this.seen;',
        '  }',
        '}',
      ].join('\n'),
    );
    const run = debugTrace(tracer.path);
    const cdp = await attach(run, tracer.url, [{ line: 2 }, { line: 6 }]);
    try {
      // The first step, the PUSH1 at pc 0 of the initcode.
      const step = await cdp.paused();
      const log = await cdp.debugProperties(step, 'log');
      assert.deepEqual(Object.keys(log), [
        'op',
        'stack',
        'memory',
        'contract',
        'getPC()',
        'getGas()',
        'getCost()',
        'getDepth()',
        'getRefund()',
        'getError()',
      ]);
      assert.deepEqual(
        [log['getPC()'], log['getCost()'], log['getDepth()'], log['getRefund()'], log['getError()']],
        [0, 3, 1, 0, undefined],
      );
      assert.equal(typeof log['getGas()'], 'number');
      assert.deepEqual(await cdp.debugProperties(step, 'log.op'), { 'toString()': 'PUSH1', 'toNumber()': 0x60, 'isPush()': true });
      assert.deepEqual(await cdp.debugProperties(step, 'log.stack'), { 'length()': 0 });
      assert.deepEqual(await cdp.debugProperties(step, 'log.memory'), { 'length()': 0 });
      const contract = await cdp.debugProperties(step, 'log.contract');
      assert.match(String(contract['getAddress()']), /^0x[0-9a-f]{40}$/);
      assert.equal(contract['getValue()'], '0');
      assert.equal(contract['getInput()'], '0x');
      assert.deepEqual(Object.keys(await cdp.debugProperties(step, 'db')), [
        'getBalance(address)',
        'getNonce(address)',
        'getCode(address)',
        'getState(address, slot)',
        'exists(address)',
      ]);
      await cdp.send('Debugger.resume');
      const second = await cdp.paused();
      assert.equal((await cdp.debugProperties(second, 'log'))['getPC()'], 2);
      await cdp.send('Debugger.resume');
      // The third step (pc 4): two items on the stack, top first, in hex.
      const third = await cdp.paused();
      assert.deepEqual(await cdp.debugProperties(third, 'log.stack'), { 'length()': 2, 'peek(0)': '0xc', 'peek(1)': '0x14' });
      let result = third;
      while (result.functionName !== 'result') {
        await cdp.send('Debugger.resume');
        result = await cdp.paused();
      }
      const ctx = await cdp.debugProperties(result, 'ctx');
      assert.equal(ctx.type, 'CREATE');
      assert.match(String(ctx.from), /^0x[0-9a-f]{40}$/);
      assert.equal(ctx.input, `0x${storeAndLogInitcode.replace(/^0x/, '')}`);
      await cdp.send('Debugger.resume');
      const { code, stderr } = await run.finished;
      assert.equal(code, 0, stderr);
    } finally {
      cdp.close();
    }
  },
);

test('what a debugger lists for the call frame in enter and the frame result in exit', { timeout: 60_000 }, async () => {
  const tracer = tracerFile(
    'frames.tracer.js',
    [
      '{',
      '  enter: function (frame) {',
      '    this.type = frame.getType();',
      '  },',
      '  exit: function (res) {',
      '    this.used = res.getGasUsed();',
      '  },',
      '  fault: function () {},',
      '  result: function () { return [this.type, this.used]; }',
      '}',
    ].join('\n'),
  );
  const run = debugTrace(tracer.path, [], JSON.stringify({ data: callsIdentity }));
  const cdp = await attach(run, tracer.url, [{ line: 2 }, { line: 5 }]);
  try {
    const enter = await cdp.paused();
    assert.equal(enter.functionName, 'enter');
    const frame = await cdp.debugProperties(enter, 'frame');
    assert.deepEqual(Object.keys(frame), ['getType()', 'getFrom()', 'getTo()', 'getInput()', 'getGas()', 'getValue()']);
    assert.equal(frame['getType()'], 'CALL');
    assert.equal(frame['getTo()'], `0x${'0'.repeat(39)}4`);
    assert.equal(frame['getInput()'], '0x');
    assert.equal(frame['getValue()'], '0');
    assert.equal(
      await cdp.evaluate(enter, "frame[Symbol.for('debug.description')]()"),
      `CALL ${frame['getFrom()']} → 0x${'0'.repeat(39)}4 gas=${frame['getGas()']}`,
    );
    await cdp.send('Debugger.resume');
    const exit = await cdp.paused();
    assert.equal(exit.functionName, 'exit');
    const result = await cdp.debugProperties(exit, 'res');
    assert.deepEqual(Object.keys(result), ['getGasUsed()', 'getOutput()', 'getError()']);
    assert.deepEqual([result['getOutput()'], result['getError()']], ['0x', undefined]);
    assert.equal(typeof result['getGasUsed()'], 'number');
    await cdp.send('Debugger.resume');
    const { code, stdout, stderr } = await run.finished;
    assert.equal(code, 0, stderr);
    assert.deepEqual(JSON.parse(stdout), ['CALL', result['getGasUsed()']]);
  } finally {
    cdp.close();
  }
});

test("a normal run's API objects carry nothing for debuggers: they stay as geth's", async () => {
  const tracer = tracerFile(
    'plain-symbols.tracer.js',
    [
      '{',
      '  seen: {},',
      '  count: function (name, v) { this.seen[name] = Object.getOwnPropertySymbols(v).length; },',
      "  step: function (log, db) { var t = this; ['op', 'stack', 'memory', 'contract'].forEach(function (k) { t.count(k, log[k]); }); this.count('log', log); this.count('db', db); },",
      "  enter: function (frame) { this.count('frame', frame); },",
      "  exit: function (res) { this.count('res', res); },",
      '  fault: function () {},',
      "  result: function (ctx) { this.count('ctx', ctx); return this.seen; }",
      '}',
    ].join('\n'),
  );
  const { status, stdout, stderr } = await runCli([
    'trace',
    'call',
    '--call',
    JSON.stringify({ data: callsIdentity }),
    '--tracer',
    tracer.path,
  ]);
  assert.equal(status, 0, stderr);
  assert.deepEqual(JSON.parse(stdout), { op: 0, stack: 0, memory: 0, contract: 0, log: 0, db: 0, frame: 0, res: 0, ctx: 0 });
});

test('a debugger that detaches while paused lets the trace run on to its result', { timeout: 60_000 }, async () => {
  const tracer = tracerFile('detach.tracer.js', opsTracerText);
  const run = debugTrace(tracer.path);
  const cdp = await attach(run, tracer.url, [{ line: 3 }]);
  const paused = await cdp.paused();
  assert.equal(paused.location.lineNumber, 3);
  // Gone without a resume, as a closed DevTools window or a stopped VS Code session is.
  cdp.close();
  const { code, stdout, stderr } = await run.finished;
  assert.equal(code, 0, stderr);
  assert.deepEqual(JSON.parse(stdout), initcodeOps);
});

test(
  "a debug run's tracer reaches nothing of the host: no process, require or inspector, only its own realm",
  { timeout: 60_000 },
  async () => {
    // Every object the tracer reaches from its globals and the API must have this realm's Object.prototype at
    // the end of its prototype chain (or no prototype at all: what the API builds for the debugger), also
    // through symbol keys and what the debugger's listings (`debug.properties`) return when called; the code
    // generators it can find must run in its own realm.
    const probe = `{
    found: [],
    walk: function (start) {
      var queue = [[start, 'global']], seen = [], listing = Symbol.for('debug.properties');
      while (queue.length > 0 && seen.length < 3000) {
        var item = queue.shift(), v = item[0], at = item[1];
        if (v === null || (typeof v !== 'object' && typeof v !== 'function') || seen.indexOf(v) >= 0) continue;
        seen.push(v);
        var root = v, p = v;
        while (p !== null) { root = p; p = Object.getPrototypeOf(p); }
        if (root !== Object.prototype && !(root === v && typeof v === 'object')) this.found.push(at);
        queue.push([Object.getPrototypeOf(v), at + '.__proto__']);
        var keys = Object.getOwnPropertyNames(v).concat(Object.getOwnPropertySymbols(v));
        for (var i = 0; i < keys.length; i++) {
          var d = Object.getOwnPropertyDescriptor(v, keys[i]), name = at + '.' + String(keys[i]);
          if (d && 'value' in d) queue.push([d.value, name]);
          if (d && d.get) queue.push([d.get, name + '<get>']);
        }
        if (typeof v[listing] === 'function') queue.push([v[listing](), at + '<listed>']);
      }
    },
    listed: 0,
    step: function (log, db) {
      if (this.found.length === 0 && log.getPC() === 0) {
        this.walk(globalThis); this.walk(log); this.walk(db); this.found.push('walked');
        this.listed = Object.keys(log[Symbol.for('debug.properties')]()).length;
      }
    },
    fault: function () {},
    result: function (ctx) {
      var reach = function (f) { try { return typeof f(); } catch (e) { return 'threw ' + e.name; } };
      this.walk(ctx);
      return {
        found: this.found, listed: this.listed,
        process: typeof process, require: typeof require, inspector: typeof inspector, module: typeof module,
        viaFunction: reach(function () { return (function () {}).constructor('return process')(); }),
        viaHelper: reach(function () { return toHex.constructor('return process')(); }),
        viaLog: reach(function () { return ctx.constructor.constructor('return require')(); })
      };
    }
  }`;
    const tracer = tracerFile('probe.tracer.js', probe);
    const run = debugTrace(tracer.path);
    const cdp = await attach(run, tracer.url, []);
    try {
      const { code, stdout, stderr } = await run.finished;
      assert.equal(code, 0, stderr);
      assert.deepEqual(JSON.parse(stdout), {
        found: ['walked'],
        listed: 10,
        process: 'undefined',
        require: 'undefined',
        inspector: 'undefined',
        module: 'undefined',
        viaFunction: 'threw ReferenceError',
        viaHelper: 'threw ReferenceError',
        viaLog: 'threw ReferenceError',
      });
    } finally {
      cdp.close();
    }
  },
);

test('--inspect is refused for a remote node, for an address that is not [HOST:]PORT, and beyond loopback', async () => {
  const tracer = tracerFile('plain.tracer.js', '{ fault: function () {}, result: function () { return 1; } }');
  const cli = (args: string[]) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['dist/cli.js', 'trace', 'call', '--call', createCall, '--tracer', tracer.path, ...args], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      child.once('exit', (code) => resolve({ code, stderr }));
    });
  const remote = await cli(['--inspect', '9229', '--node', 'https://node.example']);
  assert.equal(remote.code, 2);
  assert.match(remote.stderr, /^evm-tracer trace: --inspect debugs on the local node only .*drop --node\/--endpoint$/m);
  const bad = await cli(['--inspect', 'localhost:port']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /^evm-tracer trace: --inspect: 'localhost:port' is not \[HOST:\]PORT/m);
  // Whoever reaches the inspector runs code as the user: it never listens beyond loopback.
  for (const host of ['0.0.0.0', '[::]', '192.0.2.1']) {
    const open = await cli(['--inspect', `${host}:9229`]);
    assert.equal(open.code, 2);
    assert.match(
      open.stderr,
      /^evm-tracer trace: --inspect: the inspector listens on loopback only \(127\.0\.0\.1, ::1 or localhost\), not '/m,
    );
  }
});

test('a node started without --debug-traces refuses a debug run; a bad "debug" member is named', async () => {
  const node = await startNode();
  try {
    const options = (debug: unknown) => [
      { data: storeAndLogInitcode },
      'latest',
      { tracer: '{ fault: function () {}, result: function () { return 1; } }', debug },
    ];
    const refused = await rpc(
      node.url,
      'debug_traceCall',
      options({ file: join(dir, 'x.tracer.js'), port: 0, secret: 'a guess'.repeat(10) }),
    );
    assert.match(refused.error?.message ?? '', /^this node does not run debug traces: start it with --debug-traces/);
    const relative = await rpc(node.url, 'debug_traceCall', options({ file: 'x.tracer.js', port: 0, secret: 'a guess'.repeat(10) }));
    assert.equal(relative.error?.message, 'invalid argument 2: "debug".file must be the absolute path of the tracer file');
  } finally {
    await node.stop();
  }
});

test(
  'a transaction of another chain is debugged on a local fork of it (fork mode, the tracer file itself)',
  { timeout: 90_000 },
  async () => {
    // "Remote" here is a second local node: its mined transaction replays on a fork node started with
    // --debug-traces, as Debug Trace Transaction does for a remote node.
    const upstream = await startNode();
    let fork: Awaited<ReturnType<typeof startNode>> | undefined;
    try {
      const [from] = (await rpc(upstream.url, 'eth_accounts')).result as string[];
      const hash = (await rpc(upstream.url, 'eth_sendTransaction', [{ from, data: storeAndLogInitcode, gas: '0x30d40' }])).result as string;
      fork = await startNode(['--fork', upstream.url], { debugTraces: true });
      const tracer = tracerFile('fork.tracer.js', opsTracerText);
      const port = await freePort();
      const traced = rpc(fork.url, 'debug_traceTransaction', [
        hash,
        { tracer: readFileSync(tracer.path, 'utf8'), debug: { file: tracer.path, port, secret: fork.debugSecret } },
      ]);
      const cdp = await connectWhenListening(port);
      try {
        await cdp.send('Debugger.enable');
        await cdp.send('Debugger.setBreakpointByUrl', { url: tracer.url, lineNumber: 3 });
        await cdp.send('Runtime.runIfWaitingForDebugger');
        const paused = await cdp.paused();
        assert.equal(cdp.scripts.get(paused.location.scriptId), tracer.url);
        assert.equal(await cdp.evaluate(paused, 'log.op.toString()'), 'PUSH1');
        await cdp.send('Debugger.setBreakpointsActive', { active: false });
        await cdp.send('Debugger.resume');
        assert.deepEqual((await traced).result, initcodeOps);
      } finally {
        cdp.close();
      }
    } finally {
      await fork?.stop();
      await upstream.stop();
    }
  },
);
