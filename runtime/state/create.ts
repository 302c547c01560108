// The state a trace runs on: a SimpleStateManager seeded from the job's geth alloc, readable synchronously
// (geth's tracer `db` is synchronous). In fork mode (job.fork) the alloc is an overlay on the upstream chain
// state, read lazily (fork-state-manager.ts). The dev chain opens its states here too.
import type { Common } from '@ethereumjs/common';
import type { SimpleStateManager } from '@ethereumjs/statemanager';
import { Account, bytesToHex, createAddressFromString, hexToBytes, setLengthLeft, type Address } from '@ethereumjs/util';
import type { StateReader, TraceStateManager } from './state-reader';
import type { AllocAccount, StateSource } from './alloc';
import { forkStateAt } from './fork-state';
import { accountKey, slotKey, unprefixedHex } from './hex-memo';
import { ForkStateManager } from './fork-state-manager';
import { TraceStateBase } from './trace-state-base';

/** The parts of ethereumjs' OriginalStorageCache its synchronous twin reads. */
interface OriginalCache {
  map: Map<string, Map<string, Uint8Array>>;
  put(address: Address, key: Uint8Array, value: Uint8Array): void;
}

class SeededStateManager extends TraceStateBase implements TraceStateManager {
  readonly reader: StateReader = {
    balance: (a) => this.accountSync(a)?.balance ?? 0n,
    nonce: (a) => this.accountSync(a)?.nonce ?? 0n,
    code: (a) => this.topCodeStack().get(addressKey(a)) ?? new Uint8Array(0),
    storage: (a, slot) => this.topStorageStack().get(`${addressKey(a)}_${bytesToHex(slot)}`) ?? new Uint8Array(0),
    exists: (a) => this.accountSync(a) !== undefined,
    beforeLastRevert: (read) => this.beforeLastRevert(read),
  };

  private accountSync(address: Uint8Array): Account | undefined {
    return this.topAccountStack().get(addressKey(address));
  }

  // Synchronous twins of the reads and writes SLOAD and SSTORE make (SimpleStateManager's, without their
  // promises): the interpreter runs these opcodes synchronously on a state that has them
  // (build/ethereumjs-patches.mjs).
  storageNow(address: Address, key: Uint8Array): Uint8Array {
    return this.topStorageStack().get(slotKey(address.bytes, key)) ?? new Uint8Array(0);
  }

  putStorageNow(address: Address, key: Uint8Array, value: Uint8Array): void {
    this.topStorageStack().set(slotKey(address.bytes, key), value);
  }

  accountNow(address: Address): Account | undefined {
    return this.topAccountStack().get(accountKey(address.bytes));
  }

  /** OriginalStorageCache.get's twin, on that cache's own map. */
  originalStorageNow(address: Address, key: Uint8Array): Uint8Array {
    const cache = this.originalStorageCache as unknown as OriginalCache;
    const cached = cache.map.get(unprefixedHex(address.bytes))?.get(unprefixedHex(key));
    if (cached !== undefined) return cached;
    const value = this.storageNow(address, key);
    cache.put(address, key, value);
    return value;
  }

  // No trie: pre-Byzantium receipts ask for a state root, which no tracer result depends on.
  override async getStateRoot(): Promise<Uint8Array> {
    return new Uint8Array(32);
  }
}

function addressKey(address: Uint8Array): `0x${string}` {
  return bytesToHex(address);
}

function quantity(value: string | number | undefined): bigint {
  if (value === undefined || value === '') return 0n;
  return BigInt(value);
}

async function seedAccount(sm: SimpleStateManager, address: Address, alloc: AllocAccount): Promise<void> {
  await sm.putAccount(address, new Account(quantity(alloc.nonce), quantity(alloc.balance)));
  if (alloc.code && alloc.code !== '0x') await sm.putCode(address, hexToBytes(alloc.code as `0x${string}`));
  for (const [slot, value] of Object.entries(alloc.storage ?? {})) {
    const v = hexToBytes(normaliseHex(value));
    let start = 0;
    while (start < v.length && v[start] === 0) start++;
    // A zero slot is stored too: in fork mode it shadows the upstream value.
    await sm.putStorage(address, setLengthLeft(hexToBytes(normaliseHex(slot)), 32), v.subarray(start));
  }
}

function normaliseHex(text: string): `0x${string}` {
  const hex = text.startsWith('0x') ? text.slice(2) : text;
  return `0x${hex.length % 2 ? '0' + hex : hex}`;
}

function forkState(fork: NonNullable<StateSource['fork']>) {
  const state = forkStateAt(fork.url, fork.blockNumber);
  if (fork.known) state.seed(fork.known);
  return state;
}

export async function createStateManager(job: StateSource, common: Common): Promise<TraceStateManager> {
  const sm = job.fork ? new ForkStateManager(forkState(job.fork), { common }) : new SeededStateManager({ common });
  for (const [address, alloc] of Object.entries(job.preState)) {
    await seedAccount(sm, createAddressFromString(address.startsWith('0x') ? address : `0x${address}`), alloc);
  }
  return sm;
}
