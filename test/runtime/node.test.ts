// The dev node over real HTTP and WebSocket: eth_* methods on a mined transaction, debug_trace* on it, and
// JSON-RPC framing (errors, batches, notifications, size limit).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createCustomCommon, Mainnet } from '@ethereumjs/common';
import { createFeeMarket1559Tx } from '@ethereumjs/tx';
import { bytesToHex, hexToBytes } from '@ethereumjs/util';
import { WebSocket } from 'ws';
import type { LocalNode } from '../../core/local-node-launcher';
import { devAccounts } from '../../runtime/chain/dev-accounts';
import {
  call,
  opcodeTracer,
  post,
  rpc,
  startNode,
  storeAndLogInitcode,
  storeAndLogOps,
  storeAndLogRuntime,
  word,
  wsExchange,
} from './node-helpers';

interface Receipt {
  status: string;
  contractAddress: string | null;
  blockNumber: string;
  blockHash: string;
  gasUsed: string;
  logs: Array<{ address: string; data: string; topics: string[] }>;
}

describe('dev node', () => {
  let node: LocalNode;
  let from: string;
  let contract: string;
  let deployHash: string;
  let storeHash: string;

  before(async () => {
    node = await startNode();
    [from] = await call<string[]>(node.url, 'eth_accounts');
    deployHash = await call<string>(node.url, 'eth_sendTransaction', [{ from, data: storeAndLogInitcode }]);
    contract = (await call<Receipt>(node.url, 'eth_getTransactionReceipt', [deployHash])).contractAddress!;
    storeHash = await call<string>(node.url, 'eth_sendTransaction', [{ from, to: contract, data: word(42) }]);
  });
  after(() => node?.stop());

  test('identifies the chain: id 43112, net_version, client version, 10 accounts', async () => {
    assert.equal(await call(node.url, 'eth_chainId'), '0xa868');
    assert.equal(await call(node.url, 'net_version'), '43112');
    assert.match(await call<string>(node.url, 'web3_clientVersion'), /^EVMTracerStudio\//);
    assert.deepEqual([await call(node.url, 'eth_syncing'), await call(node.url, 'net_listening')], [false, true]);
    assert.equal(await call(node.url, 'eth_maxPriorityFeePerGas'), '0x3b9aca00');
    const accounts = await call<string[]>(node.url, 'eth_accounts');
    assert.equal(accounts.length, 10);
    assert.equal(accounts[0], '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', 'the well-known test mnemonic');
    assert.ok(accounts.every((a) => /^0x[0-9a-f]{40}$/.test(a)));
  });

  test('mines one block per transaction, with receipt, logs and state', async () => {
    assert.equal(await call(node.url, 'eth_blockNumber'), '0x2');
    const receipt = await call<Receipt>(node.url, 'eth_getTransactionReceipt', [storeHash]);
    assert.equal(receipt.status, '0x1');
    assert.equal(receipt.blockNumber, '0x2');
    assert.deepEqual(
      receipt.logs.map((l) => [l.address, l.data, l.topics]),
      [[contract, word(42), []]],
    );
    assert.equal(await call(node.url, 'eth_getCode', [contract, 'latest']), storeAndLogRuntime);
    assert.equal(await call(node.url, 'eth_getStorageAt', [contract, '0x0', 'latest']), word(42));
    assert.equal(await call(node.url, 'eth_getStorageAt', [contract, '0x0', '0x1']), word(0), 'state before block 2');
    assert.equal(await call(node.url, 'eth_getTransactionCount', [from, 'latest']), '0x2');
    const balance = BigInt(await call<string>(node.url, 'eth_getBalance', [from, 'latest']));
    assert.ok(balance < 10n ** 22n && balance > 10n ** 22n - 10n ** 18n, `balance ${balance} paid some gas`);
    const block = await call<{ hash: string; number: string; transactions: string[] }>(node.url, 'eth_getBlockByNumber', ['0x2', false]);
    assert.deepEqual(block.transactions, [storeHash]);
    assert.equal(block.hash, receipt.blockHash);
    const byHash = await call<{ number: string; transactions: Array<{ hash: string; from: string; to: string }> }>(
      node.url,
      'eth_getBlockByHash',
      [block.hash, true],
    );
    assert.equal(byHash.number, '0x2');
    assert.deepEqual([byHash.transactions[0].hash, byHash.transactions[0].from, byHash.transactions[0].to], [storeHash, from, contract]);
    const tx = await call<{ hash: string; input: string; blockNumber: string }>(node.url, 'eth_getTransactionByHash', [storeHash]);
    assert.deepEqual([tx.hash, tx.input, tx.blockNumber], [storeHash, word(42), '0x2']);
    assert.equal(await call(node.url, 'eth_getTransactionByHash', ['0x' + '11'.repeat(32)]), null);
    assert.equal(await call(node.url, 'eth_getBlockByNumber', ['0x99', false]), null);
  });

  test('eth_call and eth_estimateGas run on a chosen block; reverts come back as geth reports them', async () => {
    assert.equal(await call(node.url, 'eth_call', [{ to: contract, data: word(7) }, 'latest']), word(7));
    assert.equal(await call(node.url, 'eth_getStorageAt', [contract, '0x0', 'latest']), word(42), 'eth_call changed nothing');
    const gas = BigInt(await call<string>(node.url, 'eth_estimateGas', [{ from, to: contract, data: word(9) }]));
    assert.ok(gas > 21_000n && gas < 100_000n, `estimate ${gas}`);
    const reverter = '0x' + 'ab'.repeat(20);
    const revertCode = '0x6308c379a060e01b6000526020600452600460245263' + '6e6f7065' + '60e01b60445260646000fd';
    const reverted = await rpc(node.url, 'eth_call', [{ to: reverter }, 'latest', { [reverter]: { code: revertCode } }]);
    assert.equal(reverted.error?.code, 3);
    assert.equal(reverted.error?.message, 'execution reverted: nope');
    assert.match(String(reverted.error?.data), /^0x08c379a0/);
  });

  test('eth_sendRawTransaction accepts a signed transaction and rejects a replay with geth text', async () => {
    const [, second] = devAccounts(2);
    const common = createCustomCommon({ chainId: 43112 }, Mainnet, { hardfork: 'prague' });
    const gasPrice = BigInt(await call<string>(node.url, 'eth_gasPrice'));
    const tx = createFeeMarket1559Tx(
      {
        nonce: 0n,
        to: contract as `0x${string}`,
        data: hexToBytes(word(5) as `0x${string}`),
        gasLimit: 100_000n,
        maxFeePerGas: gasPrice * 2n,
        maxPriorityFeePerGas: 1n,
      },
      { common },
    ).sign(second.privateKey);
    const raw = bytesToHex(tx.serialize());
    assert.equal(await call(node.url, 'eth_sendRawTransaction', [raw]), bytesToHex(tx.hash()));
    const replay = await rpc(node.url, 'eth_sendRawTransaction', [raw]);
    assert.equal(replay.error?.code, -32000);
    assert.equal(replay.error?.message, `nonce too low: address ${second.address}, tx: 0 state: 1`);
  });

  test('debug_traceTransaction runs the tracer on the mined transaction', async () => {
    assert.deepEqual(await call(node.url, 'debug_traceTransaction', [storeHash, { tracer: opcodeTracer }]), storeAndLogOps);
    const ctx = await call(node.url, 'debug_traceTransaction', [
      storeHash,
      {
        tracer:
          '{step: function() {}, fault: function() {}, result: function(ctx) { return [ctx.type, toHex(ctx.to) + "", ctx.block, typeof ctx.blockHash]; }}',
      },
    ]);
    assert.deepEqual(ctx, ['CALL', contract, 2, 'object']);
  });

  test('debug_traceBlockByNumber/ByHash answer one {txHash, result} per transaction; genesis is not traceable', async () => {
    const byNumber = await call(node.url, 'debug_traceBlockByNumber', ['0x2', { tracer: opcodeTracer }]);
    assert.deepEqual(byNumber, [{ txHash: storeHash, result: storeAndLogOps }]);
    const { blockHash } = await call<Receipt>(node.url, 'eth_getTransactionReceipt', [storeHash]);
    const broken = await call(node.url, 'debug_traceBlockByHash', [blockHash, { tracer: '{result: function() {}}' }]);
    assert.deepEqual(broken, [{ txHash: storeHash, error: 'trace object must expose a function fault()' }]);
    const genesis = await rpc(node.url, 'debug_traceBlockByNumber', ['0x0', { tracer: opcodeTracer }]);
    assert.deepEqual(genesis.error, { code: -32000, message: 'genesis is not traceable' });
  });

  test('debug_traceCall: call object, block, raw tracerConfig, stateOverrides, no blockHash/txHash in ctx', async () => {
    const tracer =
      '{cfg: null, setup: function(c) { this.cfg = c; }, step: function() {}, fault: function() {},' +
      ' result: function(ctx, db) { return [this.cfg, typeof ctx.blockHash, typeof ctx.txHash, toHex(ctx.output) + "", db.getBalance(toAddress("' +
      from +
      '")).toString() !== "0"]; }}';
    // tracerConfig reaches setup() as its raw text, spacing included: so the request is written by hand.
    const params =
      JSON.stringify([{ from, to: contract, data: word(3) }, '0x2', { tracer }]).slice(0, -2) + ',"tracerConfig":{"spaced":  [1, 2]}}]';
    const reply = JSON.parse((await post(node.url, `{"jsonrpc":"2.0","id":1,"method":"debug_traceCall","params":${params}}`)).text);
    assert.deepEqual(reply.result, ['{"spaced":  [1, 2]}', 'undefined', 'undefined', word(3), true]);
    const overridden = await call(node.url, 'debug_traceCall', [
      { to: contract, data: word(3) },
      'latest',
      { tracer: opcodeTracer, stateOverrides: { [contract]: { code: '0x00' } } },
    ]);
    assert.deepEqual(overridden, ['STOP']);
  });

  test("state overrides out of range (balance ≥ 2^256, nonce ≥ 2^64) are refused with geth's texts (eth_call's and traceCall's field paths)", async () => {
    const max256 = '0x' + 'f'.repeat(64);
    const fits = await call(node.url, 'eth_call', [
      { to: contract, data: word(3) },
      'latest',
      { [from]: { balance: max256, nonce: '0x' + 'f'.repeat(16) } },
    ]);
    assert.equal(fits, word(3), 'the largest values still fit');
    const balance = await rpc(node.url, 'eth_call', [
      { to: contract, data: word(3) },
      'latest',
      { [from]: { balance: '0x1' + '0'.repeat(64) } },
    ]);
    assert.deepEqual(balance.error, {
      code: -32602,
      message:
        'invalid argument 2: json: cannot unmarshal hex number > 256 bits into Go struct field OverrideAccount.balance of type *hexutil.Big',
    });
    const nonce = await rpc(node.url, 'debug_traceCall', [
      { to: contract },
      'latest',
      { tracer: opcodeTracer, stateOverrides: { [contract]: { nonce: '0x1' + '0'.repeat(16) } } },
    ]);
    assert.deepEqual(nonce.error, {
      code: -32602,
      message:
        'invalid argument 2: json: cannot unmarshal hex number > 64 bits into Go struct field OverrideAccount.StateOverrides.nonce of type hexutil.Uint64',
    });
  });

  test('trace options errors: geth duration texts, pending, tracer type, unknown transaction; no tracer is the struct logger', async () => {
    const badTimeout = await rpc(node.url, 'debug_traceTransaction', [storeHash, { tracer: opcodeTracer, timeout: 'abc' }]);
    assert.deepEqual(badTimeout.error, { code: -32000, message: 'time: invalid duration "abc"' });
    const noUnit = await rpc(node.url, 'debug_traceTransaction', [storeHash, { tracer: opcodeTracer, timeout: '5' }]);
    assert.equal(noUnit.error?.message, 'time: missing unit in duration "5"');
    const pending = await rpc(node.url, 'debug_traceCall', [{ to: contract }, 'pending', { tracer: opcodeTracer }]);
    assert.equal(pending.error?.message, 'tracing on top of pending is not supported');
    const noTracer = await rpc(node.url, 'debug_traceTransaction', [storeHash, { tracer: 7 }]);
    assert.equal(noTracer.error?.code, -32602);
    assert.match(noTracer.error!.message, /"tracer" must be a string/);
    const structLogs = await call<{ structLogs: Array<{ op: string }> }>(node.url, 'debug_traceTransaction', [storeHash, {}]);
    assert.deepEqual(
      structLogs.structLogs.map((l) => l.op),
      storeAndLogOps,
      'no tracer: the struct logger',
    );
    const unknown = await rpc(node.url, 'debug_traceTransaction', ['0x' + '12'.repeat(32), { tracer: opcodeTracer }]);
    assert.deepEqual(unknown.error, { code: -32000, message: 'transaction not found' });
  });

  test('JSON-RPC framing: parse error, invalid request, unknown method, bad params', async () => {
    const parse = JSON.parse((await post(node.url, '{"jsonrpc":"2.0",')).text);
    assert.equal(parse.error.code, -32700);
    assert.equal(parse.id, null);
    const invalid = JSON.parse((await post(node.url, '{"id":1,"method":5}')).text);
    assert.deepEqual([invalid.id, invalid.error.code], [1, -32600]);
    const unknown = await rpc(node.url, 'eth_mine');
    assert.deepEqual(unknown.error, { code: -32601, message: 'the method eth_mine does not exist/is not available' });
    const bad = await rpc(node.url, 'eth_getBalance', ['0x12', 'latest']);
    assert.equal(bad.error?.code, -32602);
    assert.match(bad.error!.message, /^invalid argument 0: /);
  });

  test('batches keep order, skip notifications; an all-notification batch gets an empty body', async () => {
    const batch = JSON.parse(
      (
        await post(
          node.url,
          JSON.stringify([
            { jsonrpc: '2.0', id: 'a', method: 'eth_chainId' },
            { jsonrpc: '2.0', method: 'eth_blockNumber' },
            { jsonrpc: '2.0', id: 2, method: 'nope' },
            5,
          ]),
        )
      ).text,
    );
    assert.deepEqual(
      batch.map((r: { id: unknown; result?: unknown; error?: { code: number } }) => [r.id, r.result ?? r.error?.code]),
      [
        ['a', '0xa868'],
        [2, -32601],
        [null, -32600],
      ],
    );
    const notifications = await post(node.url, JSON.stringify([{ jsonrpc: '2.0', method: 'eth_chainId' }]));
    assert.deepEqual([notifications.status, notifications.text], [200, '']);
    const empty = JSON.parse((await post(node.url, '[]')).text);
    assert.equal(empty.error.code, -32600);
  });

  test('a body over the limit gets HTTP 413 and the node keeps serving', async () => {
    const huge = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ data: '0x' + '00'.repeat(6 * 1024 * 1024) }] });
    const response = await post(node.url, huge).catch((error: Error) => ({ status: 0, text: error.message }));
    assert.equal(response.status, 413);
    assert.equal(await call(node.url, 'eth_chainId'), '0xa868');
  });

  test('a WebSocket message over the limit closes that socket (1009) and the node keeps serving', async () => {
    const socket = new WebSocket(node.wsUrl);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ data: '0x' + '00'.repeat(6 * 1024 * 1024) }] }));
    assert.equal(await closed, 1009);
    assert.deepEqual(await wsExchange(node.wsUrl, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'eth_chainId' })), {
      jsonrpc: '2.0',
      id: 2,
      result: '0xa868',
    });
  });

  test('WebSocket on the same port: single calls and batches', async () => {
    assert.deepEqual(await wsExchange(node.wsUrl, JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'eth_chainId' })), {
      jsonrpc: '2.0',
      id: 7,
      result: '0xa868',
    });
    const batch = (await wsExchange(
      node.wsUrl,
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'debug_traceTransaction', params: [storeHash, { tracer: opcodeTracer }] },
        { jsonrpc: '2.0', id: 2, method: 'eth_getStorageAt', params: [contract, '0x0', '0x2'] },
      ]),
    )) as Array<{ id: number; result: unknown }>;
    assert.deepEqual(
      batch.map((r) => r.result),
      [storeAndLogOps, word(42)],
    );
  });
});
