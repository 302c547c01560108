// Fetches the upstream state a trace will touch before it runs, in a few JSON-RPC batches instead of one round
// trip per account or slot read: the upstream's own prestateTracer (served by most providers even where custom
// JavaScript tracers are not) says what a call or a block touches and with which values; where it is refused,
// eth_createAccessList names the accounts and slots and one more batch reads them; where that is refused too,
// the trace reads lazily as before. What every trace needs whatever it does (the coinbase, the senders and
// recipients, the block-start system contracts' slots) travels in the first batch, read directly.
import { createHash } from 'node:crypto';
import { bigIntToUnpaddedBytes, bytesToHex, generateAddress, hexToBytes } from '@ethereumjs/util';
import { withoutCreatedAccounts } from './prestate-creations';
import { UpstreamRefusal, type Upstream } from './upstream';
import {
  accountFrom,
  emptySnapshot,
  slotKey,
  snapshotFromPrestate,
  snapshotSize,
  storageWord,
  type UpstreamSnapshot,
} from './upstream-snapshot';

/** A transaction as eth_getBlockByHash(hash, true) lists it. */
export interface RpcTransaction {
  from?: string;
  to?: string | null;
  nonce?: string;
  gas?: string;
  value?: string;
  input?: string;
}

export type PrefetchTarget =
  /** Transactions of an upstream block, on the state at its parent (`blockTag`). */
  | { kind: 'block'; hash: string; number: bigint; timestamp: bigint; coinbase: string; transactions: RpcTransaction[] }
  /** A call on the state at `blockTag`. */
  | { kind: 'call'; call: Record<string, unknown>; coinbase: string };

/** What the upstream refused once is not asked again (per upstream). */
export interface Refusals {
  prestate?: boolean;
  accessList?: boolean;
}

/** The name under which a target's prefetch is remembered (in the cache file of its block). */
export function targetKey(target: PrefetchTarget): string {
  return target.kind === 'block'
    ? `block:${target.hash}`
    : `call:${createHash('sha256').update(JSON.stringify(target.call)).digest('hex')}`;
}

// EIP-4788 (beacon roots) and EIP-2935 (history): written by system calls at the start of a block.
const beaconRoots = '0x000f3df6d732807ef1319fb7b8bb8522d0beac02';
const historyStorage = '0x0000f90827f1c53a10cb7a02335b175320002935';
const word = (n: bigint) => '0x' + n.toString(16).padStart(64, '0');

/** The account a transaction's top-level creation makes: no prestateTracer lists it (it did not exist before,
 * or geth leaves it out), and read lazily it would cost a round trip in the middle of the trace. */
function created({ from, to, nonce }: RpcTransaction): string | undefined {
  if (to !== undefined && to !== null) return undefined;
  if (typeof from !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(from) || typeof nonce !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(nonce))
    return undefined;
  return bytesToHex(generateAddress(hexToBytes(from as `0x${string}`), bigIntToUnpaddedBytes(BigInt(nonce))));
}

/** Accounts and slots every run of the target reads, whatever its code does. */
function required(target: PrefetchTarget): { accounts: string[]; slots: Array<[string, string]> } {
  const accounts = new Set<string>([target.coinbase]);
  const slots: Array<[string, string]> = [];
  const parties = target.kind === 'block' ? target.transactions : [target.call as RpcTransaction];
  for (const tx of parties) for (const address of [tx.from, tx.to, created(tx)]) if (typeof address === 'string') accounts.add(address);
  if (target.kind === 'block') {
    accounts.add(beaconRoots).add(historyStorage);
    const ring = target.timestamp % 8191n;
    slots.push([beaconRoots, word(ring)], [beaconRoots, word(ring + 8191n)], [historyStorage, word((target.number - 1n) % 8191n)]);
  }
  const valid = (address: string) => /^0x[0-9a-fA-F]{40}$/.test(address);
  return { accounts: [...accounts].filter(valid).map((a) => a.toLowerCase()), slots: slots.filter(([a]) => valid(a)) };
}

/** Settles `work`; an upstream refusal is undefined (and, when it refuses the method itself, `refused` is told),
 * any other failure (unreachable, too slow) is thrown. */
async function unlessRefused<T>(work: Promise<T>, refused?: () => void): Promise<T | undefined> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof UpstreamRefusal)) throw error;
    if (error.refusesMethod) refused?.();
    return undefined;
  }
}

/** Reads accounts and slots directly, all in the current tick (one batch). */
function readValues(
  upstream: Upstream,
  tag: string,
  accounts: string[],
  slots: Array<[string, string]>,
  into: UpstreamSnapshot,
): Promise<unknown> {
  const reads = accounts.map(async (address) => {
    const calls = ['eth_getBalance', 'eth_getTransactionCount', 'eth_getCode'].map((method) =>
      unlessRefused(upstream.request(method, [address, tag])),
    );
    const [balance, nonce, code] = await Promise.all(calls);
    // A refused read (a state the upstream no longer has) tells nothing: left out, the trace reads it again and
    // fails saying why, where taking it for an empty account would trace with a balance of 0.
    if (balance === undefined || nonce === undefined || code === undefined) return;
    const account = accountFrom({ balance, nonce, code: code || '0x' });
    if (account && into.accounts[address] === undefined) {
      into.accounts[address] = account;
      upstream.traffic.accounts++;
    }
  });
  const slotReads = slots.map(async ([address, slot]) => {
    const value = await unlessRefused(upstream.request('eth_getStorageAt', [address, slot, tag]));
    const key = slotKey(address, slot);
    const stored = storageWord(value);
    if (stored !== undefined && into.slots[key] === undefined) {
      into.slots[key] = stored;
      upstream.traffic.slots++;
    }
  });
  return Promise.all([...reads, ...slotReads]);
}

function prestateRequest(upstream: Upstream, tag: string, target: PrefetchTarget): Promise<unknown> {
  // Empty accounts too (geth leaves them out by default; coreth's tracer lists them anyway): an account a
  // trace touches without giving it anything (BALANCE of an unused address) is then not read lazily, a round
  // trip each. An upstream that knows no such option ignores it.
  const config = { tracer: 'prestateTracer', tracerConfig: { includeEmpty: true } };
  if (target.kind === 'call') return upstream.request('debug_traceCall', [target.call, tag, config]);
  return upstream.request('debug_traceBlockByHash', [target.hash, config]);
}

/** The call eth_createAccessList is asked for a transaction: no fees, so that it runs whatever the sender's balance. */
function accessListCalls(target: PrefetchTarget): Array<Record<string, unknown>> {
  if (target.kind === 'call') return [target.call];
  return target.transactions.map(({ from, to, gas, value, input }) => ({ from, to: to ?? undefined, gas, value, input }));
}

function accessListKeys(answers: unknown[], known: UpstreamSnapshot): { accounts: string[]; slots: Array<[string, string]> } {
  const accounts = new Set<string>();
  const slots = new Map<string, [string, string]>();
  for (const answer of answers) {
    const list = (answer as { accessList?: unknown } | undefined)?.accessList;
    if (!Array.isArray(list)) continue;
    for (const entry of list as Array<{ address?: unknown; storageKeys?: unknown }>) {
      if (typeof entry?.address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(entry.address)) continue;
      const address = entry.address.toLowerCase();
      if (known.accounts[address] === undefined) accounts.add(address);
      for (const slot of Array.isArray(entry.storageKeys) ? entry.storageKeys : []) {
        if (typeof slot !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(slot)) continue;
        const key = slotKey(address, slot);
        if (known.slots[key] === undefined) slots.set(key, [address, slot]);
      }
    }
  }
  return { accounts: [...accounts], slots: [...slots.values()] };
}

const union = (a: UpstreamSnapshot, b: UpstreamSnapshot): UpstreamSnapshot => ({
  accounts: { ...a.accounts, ...b.accounts },
  slots: { ...a.slots, ...b.slots },
});

/** Adds the prestateTracer answer (one pre-state, or a block's list of them) to `found`, counting what it brought. */
function addPrestate(upstream: Upstream, target: PrefetchTarget, traced: unknown, found: UpstreamSnapshot): void {
  const before = snapshotSize(found);
  const entries =
    target.kind === 'block' && Array.isArray(traced) ? traced.map((item) => (item as { result?: unknown } | null)?.result) : [traced];
  const parties = target.kind === 'block' ? target.transactions : [target.call as RpcTransaction];
  for (const entry of withoutCreatedAccounts(entries, parties)) snapshotFromPrestate(entry, found);
  const after = snapshotSize(found);
  upstream.traffic.accounts += after.accounts - before.accounts;
  upstream.traffic.slots += after.slots - before.slots;
}

/**
 * The upstream state at `tag` that `target` touches, beyond `known`: one round trip with prestateTracer, two
 * with eth_createAccessList (three the first time, when prestateTracer is found refused), none where both are
 * refused (the trace then reads lazily). The values read directly come first: in a block, prestateTracer's
 * view of the system contracts is the one after the block-start calls.
 */
export async function prefetch(
  upstream: Upstream,
  tag: string,
  target: PrefetchTarget,
  known: UpstreamSnapshot,
  refusals: Refusals,
  signal?: AbortSignal,
): Promise<UpstreamSnapshot> {
  const found = emptySnapshot();
  const needed = required(target);
  const direct = readValues(
    upstream,
    tag,
    needed.accounts.filter((a) => known.accounts[a] === undefined),
    needed.slots.filter(([a, s]) => known.slots[slotKey(a, s)] === undefined),
    found,
  );
  const accessLists = () =>
    Promise.all(
      accessListCalls(target).map((call) =>
        unlessRefused(upstream.request('eth_createAccessList', [call, tag]), () => (refusals.accessList = true)),
      ),
    );
  // Only a refused method is remembered: a call that fails upstream (a revert, no funds) says nothing of the next one.
  const prestate = refusals.prestate ? undefined : unlessRefused(prestateRequest(upstream, tag, target), () => (refusals.prestate = true));
  // prestateTracer known to be refused: the access lists travel with the direct reads.
  const early = refusals.prestate && !refusals.accessList ? accessLists() : undefined;
  const [, traced, earlyAnswers] = await Promise.all([direct, prestate, early]);
  signal?.throwIfAborted();
  if (traced !== undefined) {
    addPrestate(upstream, target, traced, found);
    return found;
  }
  if (refusals.accessList) return found;
  const answers = earlyAnswers ?? (await accessLists());
  signal?.throwIfAborted();
  if (answers.every((answer) => answer === undefined)) return found;
  const keys = accessListKeys(answers, union(known, found));
  await readValues(upstream, tag, keys.accounts, keys.slots, found);
  signal?.throwIfAborted();
  return found;
}
