// `evm-tracer trace call --block-overrides --state-overrides --tx-index` on the CLI's own local node: the
// options reach debug_traceCall's config, the node's errors come back; bad values are refused before any
// node starts, naming the option and the field (a misspelt override would be ignored by the node).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCli } from '../support/run-cli';

/** Init code returning NUMBER as the created code: the CREATE's output shows the block number the call saw. */
const numberCall = JSON.stringify({ data: '0x4360005260206000f3' });

test('trace call: --block-overrides and --state-overrides reach the node; --tx-index gets its error back', async () => {
  const traced = await runCli([
    'trace',
    'call',
    '--call',
    numberCall,
    '--tracer',
    'callTracer',
    '--block-overrides',
    '{"number": 1000, "time": "0x5"}',
    '--state-overrides',
    JSON.stringify({ ['0x' + '02'.padStart(40, '0')]: { movePrecompileToAddress: '0x' + 'bb'.padStart(40, '0') } }),
  ]);
  assert.equal(traced.status, 0, traced.stderr);
  assert.deepEqual(JSON.parse(traced.stdout).output, '0x' + (1000).toString(16).padStart(64, '0'));
  const genesis = await runCli(['trace', 'call', '--call', numberCall, '--tracer', 'callTracer', '--tx-index', '0']);
  assert.equal(genesis.status, 1);
  assert.match(genesis.stderr, /^evm-tracer: rpc: debug_traceCall failed: no transaction in genesis \[code -32000\]/);
});

test('trace call refuses bad overrides and indexes before starting a node; they are for trace call only', async () => {
  const refused: Array<[string[], number, RegExp]> = [
    [
      ['--block-overrides', '{"random": "0x' + 'bb'.repeat(32) + '"}'],
      1,
      /--block-overrides\.random: unknown field; block overrides are number, difficulty, time, gasLimit, feeRecipient, prevRandao, baseFeePerGas, blobBaseFee \(geth\), coinbase, baseFee \(coreth\)/,
    ],
    [['--block-overrides', '{"coinbase": "0x12"}'], 1, /--block-overrides\.coinbase: expected a 0x-prefixed 20-byte address, got "0x12"/],
    [['--block-overrides', '{"time": "soon"}'], 1, /--block-overrides\.time: "soon" is not a non-negative integer/],
    [['--block-overrides', '{"prevRandao": "0x12"}'], 1, /--block-overrides\.prevRandao: expected a 0x-prefixed 32-byte hash/],
    [['--block-overrides', '[1]'], 1, /--block-overrides: expected a JSON object/],
    [['--block-overrides', '{nope'], 2, /--block-overrides: the value is not valid JSON/],
    [['--state-overrides', '[1]'], 1, /--state-overrides: expected a JSON object/],
    [['--tx-index', 'first'], 1, /--tx-index: "first" is not a non-negative integer/],
  ];
  for (const [args, status, message] of refused) {
    const run = await runCli(['trace', 'call', '--call', numberCall, '--tracer', 'callTracer', ...args]);
    assert.equal(run.status, status, `${args.join(' ')}: ${run.stderr}`);
    assert.match(run.stderr, message);
  }
  const onTx = await runCli(['trace', 'tx', '0x' + '11'.repeat(32), '--tracer', 'callTracer', '--tx-index', '0']);
  assert.equal(onTx.status, 2);
  assert.match(onTx.stderr, /--tx-index is for trace call only/);
});
