// A transaction that touches much upstream state, as real DeFi transactions do: a hub contract reads the
// balance of each of 40 store contracts and calls each, which sums its 8 storage slots (320 slots across 41
// accounts), then the hub stores the total. Hand-written bytecode, deployed on any node with unlocked accounts.
import { assemble } from './assemble';
import { call, waitForReceipt, type MinedReceipt } from '../runtime/node-helpers';
import { sendSigned, type Signer } from './reference/signed-tx';

export const storeCount = 40;
export const slotsPerStore = 8;

/** Stores ADDRESS + k + 1 in slot k (k < 8), so that every slot of every store holds its own value. */
const storeSetup = Array.from({ length: slotsPerStore }, (_, k) => [k + 1, 'ADDRESS', 'ADD', k, 'SSTORE']).flat();

/** Returns the sum of slots 0..7. */
const storeRuntime = assemble([
  0,
  0,
  { label: 'loop' },
  'DUP1',
  'SLOAD',
  'DUP3',
  'ADD',
  'SWAP2',
  'POP',
  1,
  'ADD',
  'DUP1',
  slotsPerStore,
  'GT',
  { to: 'loop' },
  'JUMPI',
  'POP',
  0,
  'MSTORE',
  32,
  0,
  'RETURN',
]);

/** Calldata: store addresses as 32-byte words. Adds each one's balance and answer, stores the total in slot 0. */
const hubRuntime = assemble([
  0,
  0,
  { label: 'loop' },
  'DUP1',
  'CALLDATALOAD',
  'DUP1',
  'BALANCE',
  'DUP4',
  'ADD',
  'SWAP3',
  'POP',
  32,
  0,
  0,
  0,
  'DUP5',
  'GAS',
  'STATICCALL',
  'POP',
  'POP',
  0,
  'MLOAD',
  'DUP3',
  'ADD',
  'SWAP2',
  'POP',
  32,
  'ADD',
  'DUP1',
  'CALLDATASIZE',
  'GT',
  { to: 'loop' },
  'JUMPI',
  'POP',
  'DUP1',
  0,
  'SSTORE',
  0,
  'MSTORE',
  32,
  0,
  'RETURN',
]);

/** Initcode: `setup` (hex), then the runtime copied out and returned. */
function initcode(setup: string, runtime: string): string {
  const length = (runtime.length / 2).toString(16).padStart(4, '0');
  const offset = (setup.length / 2 + 13).toString(16).padStart(4, '0');
  return `0x${setup}61${length}8061${offset}6000396000f3${runtime}`;
}

export interface ForkWorkload {
  hub: string;
  stores: string[];
  /** The mined transaction calling the hub. */
  txHash: string;
  /** The same call, for debug_traceCall. */
  call: { from: string; to: string; gas: string; data: string };
}

/** Who sends the workload's transactions, waiting for each one's receipt. */
export interface Sender {
  from: string;
  send(tx: { to?: string; data: string }): Promise<MinedReceipt & { transactionHash: string }>;
}

const workloadGas = 3_000_000n;

/** A node's first unlocked account (anvil). */
export async function unlockedSender(url: string): Promise<Sender> {
  const [from] = await call<string[]>(url, 'eth_accounts');
  return {
    from,
    send: async (tx) => {
      const hash = await call<string>(url, 'eth_sendTransaction', [{ from, gas: '0x' + workloadGas.toString(16), ...tx }]);
      return { ...(await waitForReceipt(url, hash, 20)), transactionHash: hash };
    },
  };
}

/** A key the test holds, funded at genesis (geth --dev with its own genesis). */
export function signedSender(url: string, signer: Signer): Sender {
  return { from: signer.address, send: (tx) => sendSigned(url, signer, { ...tx, gas: workloadGas }) };
}

/** Deploys the stores and the hub and mines the hub's transaction. */
export async function deployWorkload(sender: Sender): Promise<ForkWorkload> {
  const storeCode = initcode(assemble(storeSetup), storeRuntime);
  const addresses: string[] = [];
  for (let i = 0; i <= storeCount; i++) {
    const receipt = await sender.send({ data: i < storeCount ? storeCode : initcode('', hubRuntime) });
    if (receipt.status !== '0x1' || !receipt.contractAddress) throw new Error(`a workload deployment failed: ${JSON.stringify(receipt)}`);
    addresses.push(receipt.contractAddress);
  }
  const hub = addresses.pop()!;
  const data = '0x' + addresses.map((address) => address.slice(2).toLowerCase().padStart(64, '0')).join('');
  const receipt = await sender.send({ to: hub, data });
  if (receipt.status !== '0x1') throw new Error('the workload transaction failed');
  return {
    hub,
    stores: addresses,
    txHash: receipt.transactionHash,
    call: { from: sender.from, to: hub, gas: '0x' + workloadGas.toString(16), data },
  };
}

/** Lists every SLOAD with the value the tracer's db reads for it afterwards, one untouched slot (a lazy read)
 * and the hub's balance: what must be the same whatever path the state came by. */
export const storageTracer = `{
  reads: [],
  step: function(log, db) {
    if (log.op.toString() === 'SLOAD') this.reads.push([toHex(log.contract.getAddress()), log.stack.peek(0).toString(16)]);
  },
  fault: function() {},
  result: function(ctx, db) {
    var out = [];
    for (var i = 0; i < this.reads.length; i++) {
      var r = this.reads[i];
      out.push(r[0] + ':' + r[1] + '=' + toHex(db.getState(toAddress(r[0]), toWord('0x' + r[1]))));
    }
    out.push('untouched=' + toHex(db.getState(toAddress(this.reads[0][0]), toWord('0x3e8'))));
    out.push('balance=' + db.getBalance(ctx.to).toString());
    return { count: this.reads.length, gasUsed: ctx.gasUsed, reads: out };
  }
}`;
