// A SimpleStateManager whose misses fall through to the upstream chain (fork mode). Local writes and the
// seeded overlay live in the usual maps; an upstream value, once read, is adopted into every checkpoint
// level so a revert does not forget it. Empty upstream accounts count as non-existent, as in geth's state.
import type { Common } from '@ethereumjs/common';
import { Account, bytesToHex, hexToBytes, unpadBytes, type Address } from '@ethereumjs/util';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { StateReader, TraceStateManager } from './state-reader';
import type { ForkState, RemoteAccount } from './fork-state';
import { TraceStateBase } from './trace-state-base';

export class ForkStateManager extends TraceStateBase implements TraceStateManager {
  /** The tracer's db: blocks on the upstream for what the EVM has not read yet. */
  readonly reader: StateReader = {
    balance: (a) => this.getAccountSync(bytesToHex(a))?.balance ?? 0n,
    nonce: (a) => this.getAccountSync(bytesToHex(a))?.nonce ?? 0n,
    code: (a) => this.getCodeSync(bytesToHex(a)),
    storage: (a, slot) => this.getStorageSync(bytesToHex(a), bytesToHex(slot)),
    exists: (a) => this.getAccountSync(bytesToHex(a)) !== undefined,
    beforeLastRevert: (read) => this.beforeLastRevert(read),
  };

  constructor(
    readonly fork: ForkState,
    opts: { common?: Common },
  ) {
    super(opts);
  }

  private adoptAccount(key: `0x${string}`, remote: RemoteAccount) {
    const empty = remote.nonce === 0n && remote.balance === 0n && remote.code === '0x';
    const code = hexToBytes(remote.code as `0x${string}`);
    const codeHash = code.length > 0 ? (this.common?.customCrypto.keccak256 ?? keccak_256)(code) : undefined;
    for (const [level, accounts] of this.accountStack.entries()) {
      if (accounts.has(key)) continue;
      accounts.set(key, empty ? undefined : new Account(remote.nonce, remote.balance, undefined, codeHash));
      if (code.length > 0 && !this.codeStack[level].has(key)) this.codeStack[level].set(key, code);
    }
  }

  private adoptSlot(mapKey: string, value: string) {
    const bytes = unpadBytes(hexToBytes(value as `0x${string}`));
    for (const storage of this.storageStack) if (!storage.has(mapKey)) storage.set(mapKey, bytes);
  }

  override async getAccount(address: Address): Promise<Account | undefined> {
    const key = address.toString();
    if (!this.topAccountStack().has(key)) this.adoptAccount(key, await this.fork.account(key));
    return this.topAccountStack().get(key);
  }

  override async getCode(address: Address): Promise<Uint8Array> {
    await this.getAccount(address);
    return super.getCode(address);
  }

  override async getStorage(address: Address, slot: Uint8Array): Promise<Uint8Array> {
    const mapKey = `${address.toString()}_${bytesToHex(slot)}`;
    if (!this.topStorageStack().has(mapKey)) this.adoptSlot(mapKey, await this.fork.storage(address.toString(), bytesToHex(slot)));
    return super.getStorage(address, slot);
  }

  // No trie: pre-Byzantium receipts ask for a state root, which no tracer result depends on.
  override async getStateRoot(): Promise<Uint8Array> {
    return new Uint8Array(32);
  }

  /** Synchronous reads for the tracer's db (blocking on the upstream when not cached). */
  getAccountSync(address: `0x${string}`): Account | undefined {
    if (!this.topAccountStack().has(address)) this.adoptAccount(address, this.fork.accountSync(address));
    return this.topAccountStack().get(address);
  }

  getCodeSync(address: `0x${string}`): Uint8Array {
    this.getAccountSync(address);
    return this.topCodeStack().get(address) ?? new Uint8Array();
  }

  getStorageSync(address: `0x${string}`, slot: string): Uint8Array {
    const mapKey = `${address}_${slot}`;
    if (!this.topStorageStack().has(mapKey)) this.adoptSlot(mapKey, this.fork.storageSync(address, slot));
    return this.topStorageStack().get(mapKey) ?? new Uint8Array();
  }
}
