// geth's global helpers (spec §3.6) fed every byte form geth accepts, as a real trace on the bundled trace
// worker: Uint8Arrays the tracer got from ctx, db and log, arrays of numbers, its own Uint8Arrays, hex
// strings (and String objects) where geth takes them. Expected values are computed here, independently of
// the runtime, with @ethereumjs/util.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { bigIntToUnpaddedBytes, bytesToHex, generateAddress, generateAddress2, hexToBytes } from '@ethereumjs/util';
import type { TraceJob, TraceOutcome } from '../../runtime/evm/job';
import { runTraceJob } from '../../runtime/trace/run';
import { forksThrough } from '../support/genesis-config';

const contract = '0x00000000000000000000000000000000000000aa';
const sender = '0x00000000000000000000000000000000000000bb';
const stored = '0x' + 'f0e1d2c3b4a5968778695a4b3c2d1e0f'.repeat(2);
// PUSH32 stored; PUSH1 0; MSTORE; STOP
const code = '0x7f' + stored.slice(2) + '600052' + '00';
const input = '0x1234567890abcdef' + '00112233445566778899aabbccddeeff'.repeat(2) + 'c0de';
const pragueForks = forksThrough(1337, 'prague', { terminalTotalDifficulty: 0 });

async function trace(tracer: string): Promise<TraceOutcome> {
  const job: TraceJob = {
    chainConfig: pragueForks,
    preState: { [contract]: { code }, [sender]: { balance: '0xffffffffffffffff' } },
    block: {
      number: '1',
      timestamp: '10',
      gasLimit: '30000000',
      coinbase: '0x0000000000000000000000000000000000000000',
      baseFeePerGas: '0',
    },
    transactions: [{ call: { from: sender, to: contract, gas: '0x100000', gasPrice: '0x1', input } }],
    trace: [0],
    tracer,
    timeoutMs: 10_000,
  };
  const [outcome] = await runTraceJob(job);
  return outcome;
}

/** geth's BytesToAddress / BytesToHash: the last `size` bytes, left-padded. */
function fit(bytes: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  const tail = bytes.subarray(Math.max(0, bytes.length - size));
  out.set(tail, size - tail.length);
  return out;
}

/** geth's common.FromHex: optional 0x, an odd length gets a leading 0, decoding stops at a bad digit. */
function fromHex(text: string): Uint8Array {
  let digits = text.replace(/^0[xX]/, '');
  if (digits.length % 2 === 1) digits = '0' + digits;
  const valid = /^(?:[0-9a-fA-F]{2})*/.exec(digits)![0];
  return hexToBytes(`0x${valid}`);
}

const hex = (bytes: Uint8Array) => bytesToHex(bytes);
const inputBytes = hexToBytes(input as `0x${string}`);
const contractBytes = hexToBytes(contract);

function either(value: Uint8Array) {
  const address = fit(value, 20);
  const precompile = address.subarray(0, 19).every((b) => b === 0) && address[19] >= 0x01 && address[19] <= 0x11;
  return {
    toWord: hex(fit(value, 32)),
    toAddress: hex(address),
    toContract: hex(generateAddress(address, bigIntToUnpaddedBytes(7n))),
    toContract2From: hex(generateAddress2(address, fit(fromHex('0x01'), 32), inputBytes)),
    toContract2Code: hex(generateAddress2(contractBytes, fit(fromHex('0xff'), 32), value)),
    isPrecompiled: precompile,
  };
}

test('§3.6: every helper takes every byte form geth accepts, from ctx, db, log, arrays and hex strings', async () => {
  const source = readFileSync(join(__dirname, '..', 'fixtures', 'tracers', 'byte-forms.tracer.js'), 'utf8');
  const outcome = await trace(source);
  assert.ok('json' in outcome, 'error' in outcome ? outcome.error : '');
  const buffers: Record<string, Uint8Array> = {
    input: inputBytes,
    code: hexToBytes(code as `0x${string}`),
    memory: hexToBytes(stored as `0x${string}`),
    contract: contractBytes,
    from: hexToBytes(sender),
    array: Uint8Array.from([0, 1, 2, 254, 255]),
    precompileArray: Uint8Array.from([10]),
    own: Uint8Array.from([9, 8, 7, 6]),
    sliced: inputBytes.slice(2, 6),
    word: fit(contractBytes, 32),
  };
  const expected = {
    buffers: Object.fromEntries(
      Object.entries(buffers).map(([name, bytes]) => [
        name,
        {
          ...either(bytes),
          toHex: hex(bytes),
          slice: bytes.length >= 3 ? hex(bytes.slice(1, 3)) : null,
        },
      ]),
    ),
    hexStrings: Object.fromEntries(
      Object.entries({ prefixed: '0xdeadbeef', bare: 'c0ffee', odd: '0xabc', precompile: '0x01' }).map(([name, text]) => [
        name,
        either(fromHex(text)),
      ]),
    ),
    salts: {
      number: hex(generateAddress2(contractBytes, fit(fromHex('16'), 32), inputBytes)),
      bigInt: hex(generateAddress2(contractBytes, fit(fromHex('255'), 32), inputBytes)),
      hex: hex(generateAddress2(contractBytes, fit(fromHex('0x10'), 32), inputBytes)),
    },
  };
  assert.deepEqual(JSON.parse(outcome.json), expected);
});

test("§3.6: toContract2 over the bytes geth's own tracers pass (ctx.input, db.getCode, a memory slice) inside step", async () => {
  const tracer =
    "{d: [], step: function(log, db) { if (log.op.toString() !== 'STOP') return; var to = log.contract.getAddress(); this.d.push(toHex(toContract2(to, '0x2a', db.getCode(to))), toHex(toContract2(to, '0x2a', log.memory.slice(0, 32))), toHex(toContract2(to, '0x2a', log.contract.getInput()))); }, fault: function() {}, result: function() { return this.d; }}";
  const outcome = await trace(tracer);
  assert.ok('json' in outcome, 'error' in outcome ? outcome.error : '');
  const salt = fit(hexToBytes('0x2a'), 32);
  assert.deepEqual(JSON.parse(outcome.json), [
    hex(generateAddress2(contractBytes, salt, hexToBytes(code as `0x${string}`))),
    hex(generateAddress2(contractBytes, salt, hexToBytes(stored as `0x${string}`))),
    hex(generateAddress2(contractBytes, salt, inputBytes)),
  ]);
});

test('§3.6: a String object counts as a hex string where geth takes strings, and is refused where it does not', async () => {
  const ok = await trace(
    "{fault: function() {}, result: function() { return [toHex(toAddress(new String('0x01'))), isPrecompiled(new String('0x02'))]; }}",
  );
  assert.deepEqual(ok, { json: '["0x0000000000000000000000000000000000000001",true]' });
  for (const call of ["toHex(new String('0x01'))", "slice(new String('0x0102'), 0, 1)", 'toHex({length: 2, 0: 1, 1: 2})']) {
    const failed = await trace(`{fault: function() {}, result: function() { try { return ${call}; } catch (e) { return 'caught'; } }}`);
    assert.ok('error' in failed && failed.error.startsWith('invalid buffer type at '), `${call}: ${JSON.stringify(failed)}`);
  }
});
