// The native call tracers by name on the local node (debug_traceTransaction/Call/BlockByNumber/Hash) over
// a transaction with logs, nested calls, a revert with a reason, DELEGATECALL, CREATE2, SELFDESTRUCT, a
// precompile and a failed balance pre-check; and the same transaction on anvil, whose callTracer must agree
// except where anvil departs from geth (each difference asserted, so a new one fails the test).
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { LocalNode } from '../../core/local-node-launcher';
import { runCli as cli } from '../support/run-cli';
import { anvilAvailable, startAnvil } from '../support/nodes/anvil';
import { deployerAccount, deployments, entryAddress, loggerAddress, reverterAddress, selector } from '../support/call-contracts';
import { call, rpc, startNode, waitForReceipt } from './node-helpers';

type Frame = {
  type: string;
  from: string;
  to?: string;
  gas: string;
  gasUsed: string;
  input: string;
  output?: string;
  error?: string;
  revertReason?: string;
  value?: string;
  calls?: Frame[];
  logs?: Array<{ address: string; index: string; position: string; topics: string[]; data: string }>;
};
type Flat = {
  type: string;
  traceAddress: number[];
  subtraces: number;
  error?: string;
  action: Record<string, string>;
  result?: Record<string, string>;
  blockHash: string;
  transactionHash: string;
  blockNumber: number;
};

const txGas = 0x100000;

/** Deploys the contracts and calls the entry contract; returns the hashes (the call last). */
async function runScenario(url: string): Promise<string[]> {
  const hashes: string[] = [];
  for (const data of deployments)
    hashes.push(await call<string>(url, 'eth_sendTransaction', [{ from: deployerAccount, data, gas: '0x' + txGas.toString(16) }]));
  hashes.push(
    await call<string>(url, 'eth_sendTransaction', [{ from: deployerAccount, to: entryAddress, gas: '0x' + txGas.toString(16) }]),
  );
  for (const hash of hashes) assert.equal((await waitForReceipt(url, hash)).status, '0x1');
  return hashes;
}

let node: LocalNode;
let hashes: string[];
const trace = <T>(hash: string, config: unknown) => call<T>(node.url, 'debug_traceTransaction', [hash, config]);

before(async () => {
  node = await startNode();
  hashes = await runScenario(node.url);
});
after(async () => {
  await node?.stop();
});

test('callTracer: the whole tree with geth fields, logs only where they stayed', async () => {
  const top = await trace<Frame>(hashes[3], { tracer: 'callTracer', tracerConfig: { withLog: true } });
  assert.equal(top.type, 'CALL');
  assert.equal(top.gas, '0x100000', 'the top frame has the transaction gas limit');
  const receipt = await call<{ gasUsed: string }>(node.url, 'eth_getTransactionReceipt', [hashes[3]]);
  assert.equal(top.gasUsed, receipt.gasUsed, 'the top frame has the receipt gas used');
  assert.deepEqual(
    top.calls!.map((c) => `${c.type} ${c.to}`),
    [
      `CALL ${loggerAddress}`,
      `CALL ${reverterAddress}`,
      `DELEGATECALL ${loggerAddress}`,
      `CREATE2 ${top.calls![3].to}`,
      `CALL ${top.calls![3].to}`,
      'STATICCALL 0x0000000000000000000000000000000000000002',
      `CALL ${loggerAddress}`,
    ],
  );
  const [logged, reverted, delegated, created, destroyed, precompile, unfunded] = top.calls!;
  assert.equal(logged.input, `${selector}${'0'.repeat(64)}`);
  assert.equal(logged.output, '0x' + '2a'.padStart(64, '0'));
  assert.equal(reverted.error, 'execution reverted');
  assert.equal(reverted.revertReason, 'nope');
  assert.equal(reverted.logs, undefined, 'a reverted frame keeps no logs');
  assert.equal(delegated.logs![0].address, entryAddress, 'a DELEGATECALL logs as the caller');
  assert.equal(created.output, '0x33ff');
  assert.deepEqual(
    destroyed.calls!.map((c) => [c.type, c.from, c.to, c.gas, c.gasUsed]),
    [['SELFDESTRUCT', created.to, entryAddress, '0x0', '0x0']],
  );
  assert.equal(precompile.value, undefined, 'STATICCALL has no value');
  assert.equal(unfunded.error, 'insufficient balance for transfer');
  assert.equal(unfunded.gasUsed, '0x0');
  // Indices count the transaction's logs; the reverted one gives its index back (geth's journal).
  assert.deepEqual(
    [top.logs![0], logged.logs![0], delegated.logs![0]].map((l) => [l.index, l.position]),
    [
      ['0x0', '0x0'],
      ['0x1', '0x0'],
      ['0x2', '0x0'],
    ],
  );
  const quiet = await trace<Frame>(hashes[3], { tracer: 'callTracer' });
  assert.equal(
    quiet.calls!.some((c) => c.logs),
    false,
    'logs only with withLog',
  );
});

test("callTracer: onlyTopCall, a CREATE transaction, and config errors in geth's words", async () => {
  const top = await trace<Frame>(hashes[3], { tracer: 'callTracer', tracerConfig: { onlyTopCall: true, withLog: true } });
  assert.equal(top.calls, undefined);
  assert.equal(top.logs!.length, 1, "only the top frame's own log");
  const create = await trace<Frame>(hashes[0], { tracer: 'callTracer' });
  assert.deepEqual([create.type, create.to, create.value], ['CREATE', loggerAddress, '0x0']);
  const wrong = await rpc(node.url, 'debug_traceTransaction', [hashes[3], { tracer: 'callTracer', tracerConfig: { onlyTopCall: 'yes' } }]);
  assert.equal(wrong.error?.message, 'json: cannot unmarshal string into Go struct field callTracerConfig.onlyTopCall of type bool');
  const notObject = await rpc(node.url, 'debug_traceTransaction', [hashes[3], { tracer: 'flatCallTracer', tracerConfig: [] }]);
  assert.equal(notObject.error?.message, 'json: cannot unmarshal array into Go value of type native.flatCallTracerConfig');
});

test('flatCallTracer: parity traces with traceAddress/subtraces, precompiles only when asked', async () => {
  const flat = await trace<Flat[]>(hashes[3], { tracer: 'flatCallTracer' });
  assert.deepEqual(
    flat.map((f) => [f.type, f.traceAddress.join('.'), f.subtraces]),
    [
      ['call', '', 6],
      ['call', '0', 0],
      ['call', '1', 0],
      ['call', '2', 0],
      ['create', '3', 0],
      ['call', '4', 1],
      ['suicide', '4.0', 0],
      ['call', '5', 0],
    ],
  );
  assert.deepEqual(flat[2].result, { gasUsed: flat[2].result!.gasUsed, output: flat[2].result!.output }, 'a revert keeps its result');
  assert.equal(flat[7].result, undefined, 'any other failure has none');
  assert.equal(flat[7].error, 'insufficient balance for transfer');
  assert.equal(flat[3].action.callType, 'delegatecall');
  assert.equal(flat[4].action.creationMethod, 'create2');
  assert.deepEqual(Object.keys(flat[6].action), ['address', 'balance', 'refundAddress']);
  const receipt = await call<{ blockHash: string; blockNumber: string }>(node.url, 'eth_getTransactionReceipt', [hashes[3]]);
  assert.deepEqual(
    [flat[0].blockHash, flat[0].blockNumber, flat[0].transactionHash],
    [receipt.blockHash, Number(receipt.blockNumber), hashes[3]],
  );
  const withPrecompiles = await trace<Flat[]>(hashes[3], {
    tracer: 'flatCallTracer',
    tracerConfig: { includePrecompiles: true, convertParityErrors: true },
  });
  assert.deepEqual(
    withPrecompiles.map((f) => f.traceAddress.join('.')),
    ['', '0', '1', '2', '3', '4', '4.0', '5', '6'],
  );
  assert.equal(withPrecompiles[7].action.callType, 'staticcall');
  assert.equal(withPrecompiles[2].error, 'Reverted');
});

test('4byteTracer and muxTracer', async () => {
  // The precompile call's 4 input bytes are not counted (geth skips precompiles); the top call has no input.
  assert.deepEqual(await trace(hashes[3], { tracer: '4byteTracer' }), { [`${selector}-32`]: 3 });
  const mux = await trace<Record<string, unknown>>(hashes[3], {
    tracer: 'muxTracer',
    tracerConfig: { callTracer: { onlyTopCall: true }, '4byteTracer': null, noopTracer: {} },
  });
  assert.deepEqual(Object.keys(mux), ['4byteTracer', 'callTracer', 'noopTracer']);
  assert.deepEqual(mux.callTracer, await trace(hashes[3], { tracer: 'callTracer', tracerConfig: { onlyTopCall: true } }));
  assert.deepEqual(mux['4byteTracer'], { [`${selector}-32`]: 3 });
  assert.deepEqual(mux.noopTracer, {});
  const unknown = await rpc(node.url, 'debug_traceTransaction', [hashes[3], { tracer: 'muxTracer', tracerConfig: { callTracr: {} } }]);
  assert.match(unknown.error!.message, /^ReferenceError: callTracr is not defined at <eval>:1:1 \(built-in tracers: .*callTracer/);
});

test("names on debug_traceCall and debug_traceBlockByNumber/Hash; an unknown name gets geth's error and the list", async () => {
  const viaCall = await call<Frame>(node.url, 'debug_traceCall', [
    { from: deployerAccount, to: reverterAddress, gas: '0x30000' },
    'latest',
    { tracer: 'callTracer' },
  ]);
  assert.deepEqual([viaCall.error, viaCall.revertReason, viaCall.gas], ['execution reverted', 'nope', '0x30000']);
  const receipt = await call<{ blockHash: string; blockNumber: string }>(node.url, 'eth_getTransactionReceipt', [hashes[3]]);
  const byNumber = await call<Array<{ txHash: string; result: Frame }>>(node.url, 'debug_traceBlockByNumber', [
    receipt.blockNumber,
    { tracer: 'callTracer' },
  ]);
  const byHash = await call<Array<{ txHash: string; result: Frame }>>(node.url, 'debug_traceBlockByHash', [
    receipt.blockHash,
    { tracer: 'callTracer' },
  ]);
  assert.deepEqual(byNumber, byHash);
  assert.equal(byNumber[0].txHash, hashes[3]);
  assert.deepEqual(byNumber[0].result, await trace(hashes[3], { tracer: 'callTracer' }));
  const unknown = await rpc(node.url, 'debug_traceTransaction', [hashes[3], { tracer: 'noSuchTracer' }]);
  assert.match(
    unknown.error!.message,
    /^ReferenceError: noSuchTracer is not defined at <eval>:1:1 \(built-in tracers: noopTracer, callTracer, flatCallTracer, 4byteTracer, muxTracer/,
  );
  const js = await rpc(node.url, 'debug_traceTransaction', [
    hashes[3],
    { tracer: '{result: function() { return noSuch; }, fault: function() {}}' },
  ]);
  assert.doesNotMatch(js.error!.message, /built-in tracers/, 'JavaScript that is not a bare name gets no hint');
});

test("CLI: trace tx --tracer callTracer; a misspelt name is refused with geth's error and the list", async () => {
  const traced = await cli(['trace', 'tx', hashes[3], '--tracer', 'callTracer', '--config', '{"withLog":true}', '--node', node.url]);
  assert.equal(traced.status, 0, traced.stderr);
  assert.deepEqual(JSON.parse(traced.stdout), await trace(hashes[3], { tracer: 'callTracer', tracerConfig: { withLog: true } }));
  const misspelt = await cli(['trace', 'tx', hashes[3], '--tracer', 'calltracer', '--node', node.url]);
  assert.equal(misspelt.status, 1);
  assert.match(misspelt.stderr, /ReferenceError: calltracer is not defined at <eval>:1:1 \(built-in tracers: .*callTracer/);
  const dir = mkdtempSync(join(tmpdir(), 'builtin-calls-'));
  writeFileSync(join(dir, 'fixture.json'), '{}');
  const replayMisspelt = await cli(['replay', join(dir, 'fixture.json'), '--tracer', 'flatCalltracer']);
  assert.equal(replayMisspelt.status, 1);
  assert.match(
    replayMisspelt.stderr,
    /^evm-tracer replay: ReferenceError: flatCalltracer is not defined at <eval>:1:1 \(built-in tracers: /,
  );
});

const corpus = process.env.EVM_TRACER_TRACETEST;
test(
  "CLI: replay FIXTURE --tracer callTracer gives the fixture's result",
  { skip: !(corpus && existsSync(corpus)) && "EVM_TRACER_TRACETEST (geth's tracetest corpus) not set" },
  async () => {
    const file = join(corpus!, 'call_tracer', 'delegatecall.json');
    const replayed = await cli(['replay', file, '--tracer', 'callTracer']);
    assert.equal(replayed.status, 0, replayed.stderr);
    const expected = (JSON.parse(readFileSync(file, 'utf8')) as { result: Frame }).result;
    const actual = JSON.parse(replayed.stdout) as Frame;
    assert.deepEqual(
      [actual.gasUsed, actual.calls?.length, actual.calls?.[0].type],
      [expected.gasUsed, expected.calls?.length, expected.calls?.[0].type],
    );
  },
);

test(
  "anvil: the same transaction gives the same callTracer tree but for anvil's known departures; by name in fork mode",
  { skip: !anvilAvailable() && 'anvil binary missing (node test/setup.mjs installs it)', timeout: 120_000 },
  async () => {
    const anvil = await startAnvil();
    try {
      const anvilHashes = await runScenario(anvil.url);
      for (const [index, config] of [
        [3, { withLog: true }],
        [0, {}],
        [1, {}],
      ] as const) {
        const ours = await trace<Frame>(hashes[index], { tracer: 'callTracer', tracerConfig: config });
        const theirs = await call<Frame>(anvil.url, 'debug_traceTransaction', [
          anvilHashes[index],
          { tracer: 'callTracer', tracerConfig: config },
        ]);
        // 1. anvil's top frame `gas` is the gas left after the intrinsic gas; geth's is the transaction's limit.
        const intrinsic = index === 3 ? 21000 : undefined;
        if (intrinsic !== undefined) assert.equal(Number(ours.gas) - Number(theirs.gas), intrinsic);
        else assert.ok(Number(ours.gas) > Number(theirs.gas));
        // 2. anvil does not give a reverted log's index back: later logs keep counting.
        const indexless = (frame: Frame): Frame => ({
          ...frame,
          gas: '',
          logs: frame.logs?.map((l) => ({ ...l, index: '' })),
          calls: frame.calls?.map(indexless),
        });
        assert.deepEqual(indexless(ours), indexless(theirs));
        if (index === 3) assert.deepEqual([ours.calls![2].logs![0].index, theirs.calls![2].logs![0].index], ['0x2', '0x3']);
      }
      // 3. anvil's 4byteTracer counts calls into precompiles; geth's skips them.
      const theirs4 = await call(anvil.url, 'debug_traceTransaction', [anvilHashes[3], { tracer: '4byteTracer' }]);
      assert.deepEqual(theirs4, { [`${selector}-0`]: 1, [`${selector}-32`]: 3 });
      // 4. anvil has no flatCallTracer: it answers an empty object.
      assert.deepEqual(await call(anvil.url, 'debug_traceTransaction', [anvilHashes[3], { tracer: 'flatCallTracer' }]), {});
      // Fork mode: the local node tracing anvil's transaction by name gives the local node's own answer.
      const fork = await startNode(['--fork', anvil.url]);
      try {
        const forked = await call<Frame>(fork.url, 'debug_traceTransaction', [
          anvilHashes[3],
          { tracer: 'callTracer', tracerConfig: { withLog: true } },
        ]);
        assert.deepEqual(forked, await trace(hashes[3], { tracer: 'callTracer', tracerConfig: { withLog: true } }));
        const flat = await call<Flat[]>(fork.url, 'debug_traceTransaction', [anvilHashes[3], { tracer: 'flatCallTracer' }]);
        const receipt = await call<{ blockHash: string }>(anvil.url, 'eth_getTransactionReceipt', [anvilHashes[3]]);
        assert.deepEqual([flat.length, flat[0].blockHash, flat[0].transactionHash], [8, receipt.blockHash, anvilHashes[3]]);
      } finally {
        await fork.stop();
      }
    } finally {
      await anvil.stop();
    }
  },
);

test('every tracer the runtime has by name is one the extension offers', async () => {
  // The node's own list (the hint after an unknown name), as the bundled worker has it.
  const unknown = await rpc(node.url, 'debug_traceTransaction', [hashes[3], { tracer: 'noSuchTracer' }]);
  const listed = /\(built-in tracers: ([^)]*)\)/.exec(unknown.error!.message)?.[1].split(', ') ?? [];
  assert.ok(listed.includes('callTracer') && listed.includes('callTracerLegacy'), unknown.error!.message);
  const { gethBuiltinTracers } = await import('../../core/trace/builtin-tracers');
  const offered = new Set(gethBuiltinTracers.map((t) => t.name));
  assert.deepEqual(
    listed.filter((name) => !offered.has(name)),
    [],
  );
});
