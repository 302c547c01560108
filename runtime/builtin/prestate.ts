// geth's prestateTracer: every account and storage slot the transaction touches, as it was before the
// transaction (and with `diffMode`, as it is after it, changed fields only). Accounts are read when geth
// reads them: at transaction start (sender, recipient and its delegation target, coinbase, EIP-7702
// authorities) and at the opcodes that name an account or a slot.
// geth v1.13's (coreth's) has `diffMode` only (other options are ignored), gives no code hashes, lists the
// accounts that were empty, reads a top-level creation's new account once created (nonce 1) and keeps it,
// and gives no `post` for any self-destructed account (EIP-6780 or not).
import {
  bytesToHex,
  eoaCode7702RecoverAuthority,
  generateAddress,
  generateAddress2,
  setLengthLeft,
  bigIntToUnpaddedBytes,
  type EOACode7702AuthorizationListBytesItem,
} from '@ethereumjs/util';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { TxStartEnv } from '../evm/tx-tracer';
import type { BuiltinFactory, BuiltinTracer } from './builtin-tracer';
import { boolOptions } from './config';
import type { StepView } from '../evm/views';
import type { StateReader } from '../state/state-reader';
import { delegationTarget } from './delegation';
import { callOpcodes, op } from '../../core/api/opcodes';

const {
  SLOAD,
  SSTORE,
  BALANCE,
  EXTCODESIZE,
  EXTCODECOPY,
  EXTCODEHASH,
  CREATE,
  CALL,
  CALLCODE,
  DELEGATECALL,
  CREATE2,
  STATICCALL,
  SELFDESTRUCT,
} = op;
const accountOps = new Set<number>([BALANCE, EXTCODESIZE, EXTCODECOPY, EXTCODEHASH, SELFDESTRUCT]);

const emptyCodeHash = bytesToHex(keccak_256(new Uint8Array(0)));
const zeroHash = `0x${'00'.repeat(32)}`;

interface Config {
  diffMode: boolean;
  disableCode: boolean;
  disableStorage: boolean;
  includeEmpty: boolean;
  /** geth v1.13's tracer (see the top). */
  v113: boolean;
}

/** One account as geth's prestate tracer holds it; hex strings as they are printed. */
interface Account {
  balance?: bigint;
  code?: string;
  codeHash?: string;
  nonce: bigint;
  storage?: Map<string, string>;
  /** No nonce, code or balance before the transaction: dropped from `pre` unless `includeEmpty`. */
  empty?: boolean;
}

const wordHex = (value: bigint) => `0x${value.toString(16).padStart(64, '0')}`;
const word = (value: bigint) => hexBytes(wordHex(value));
const address = (value: bigint) => word(value).subarray(12);
const quantity = (value: bigint) => `0x${value.toString(16)}`;

class PrestateTracer implements BuiltinTracer {
  readonly steps = [
    SLOAD,
    SSTORE,
    BALANCE,
    EXTCODESIZE,
    EXTCODECOPY,
    EXTCODEHASH,
    SELFDESTRUCT,
    CALL,
    CALLCODE,
    DELEGATECALL,
    STATICCALL,
    CREATE,
    CREATE2,
  ];
  private readonly pre = new Map<string, Account>();
  private readonly created = new Set<string>();
  private readonly deleted = new Set<string>();
  private state: StateReader | undefined;
  private prague = false;
  private cancun = false;
  private storageOf: { address: Uint8Array; storage: Map<string, string> } | undefined;

  constructor(private readonly config: Config) {}

  txStart(env: TxStartEnv): void {
    this.state = env.state;
    this.prague = env.common.isActivatedEIP(7702);
    this.cancun = env.common.isActivatedEIP(6780);
    let to: Uint8Array;
    if (env.tx.to === undefined) {
      to = generateAddress(env.from, bigIntToUnpaddedBytes(env.state.nonce(env.from)));
      if (!this.config.v113 || this.config.diffMode) this.created.add(bytesToHex(to));
    } else {
      to = env.tx.to.bytes;
      this.lookupDelegationTarget(to);
    }
    this.lookupAccount(env.from);
    // geth v1.13 reads the new account after the EVM created it (EIP-161: nonce 1).
    if (this.config.v113 && env.tx.to === undefined) this.lookupAccount(to).nonce = 1n;
    else this.lookupAccount(to);
    this.lookupAccount(env.block.header.coinbase.bytes);
    if (this.config.v113) return;
    // Authorities as they are before their authorizations apply; an unrecoverable signature is skipped.
    const authorizations = (env.tx as { authorizationList?: EOACode7702AuthorizationListBytesItem[] }).authorizationList ?? [];
    for (const auth of authorizations) {
      let authority: Uint8Array;
      try {
        authority = eoaCode7702RecoverAuthority(auth).bytes;
      } catch {
        continue;
      }
      this.lookupAccount(authority);
    }
  }

  setContext(): void {}

  /** geth v1.13 reads the accounts of the transaction's start when its top call starts: nothing, for one that
   * never started. */
  topFailedCheck(): void {
    this.pre.clear();
    this.created.clear();
  }

  fault(): void {}
  enter(): void {}
  exit(): void {}

  step(view: StepView): void {
    if (view.error !== undefined) return;
    const s = view.stack;
    const caller = view.frame.address;
    const op = view.op;
    // Most tapped steps: no closure for them (the bundle names each closure it creates, a cost per step).
    if (op === SLOAD || op === SSTORE) {
      this.lookupStorage(caller, s[s.length - 1]);
      return;
    }
    const top = (i: number) => s[s.length - 1 - i];
    if (accountOps.has(op)) {
      this.lookupAccount(address(top(0)));
      // EIP-6780: from Cancun on only an account created in this transaction is really deleted (geth v1.13's
      // tracer does not look).
      if (op === SELFDESTRUCT && (!this.cancun || this.config.v113 || this.created.has(bytesToHex(caller))))
        this.deleted.add(bytesToHex(caller));
    } else if (callOpcodes.has(op)) {
      const target = address(top(1));
      this.lookupAccount(target);
      this.lookupDelegationTarget(target);
    } else if (op === CREATE) {
      this.lookupCreated(generateAddress(caller, bigIntToUnpaddedBytes(this.state!.nonce(caller))));
    } else if (op === CREATE2) {
      const offset = Number(top(1)),
        size = Number(top(2));
      const init = new Uint8Array(size);
      if (offset < view.memory.length) init.set(view.memory.subarray(offset, offset + size));
      this.lookupCreated(generateAddress2(caller, word(top(3)), init));
    }
  }

  result() {
    const state = this.state;
    if (!state) return { json: '{}' };
    let post: Map<string, Account> | undefined;
    if (this.config.diffMode) post = this.diff(state);
    if (this.config.v113) {
      if (this.config.diffMode) this.dropEmptyCreated();
    } else if (!this.config.includeEmpty) for (const [key, account] of this.pre) if (account.empty) this.pre.delete(key);
    const pre = stateJson(this.pre);
    return { json: post ? `{"post":${stateJson(post)},"pre":${pre}}` : pre };
  }

  /** geth v1.13: a created account that did not exist before (nothing in `pre` once diffed) is left out. */
  private dropEmptyCreated(): void {
    for (const key of this.created) {
      const account = this.pre.get(key);
      if (account && account.nonce === 0n && !account.code && !account.storage?.size && !account.balance) this.pre.delete(key);
    }
  }

  private lookupCreated(addr: Uint8Array): void {
    this.lookupAccount(addr);
    this.created.add(bytesToHex(addr));
  }

  private lookupDelegationTarget(addr: Uint8Array): void {
    if (!this.prague) return;
    const target = delegationTarget(this.state!.code(addr));
    if (target) this.lookupAccount(target);
  }

  private lookupAccount(addr: Uint8Array): Account {
    const key = bytesToHex(addr);
    const known = this.pre.get(key);
    if (known) return known;
    const state = this.state!;
    const code = state.code(addr);
    const account: Account = { balance: state.balance(addr), nonce: state.nonce(addr) };
    if (code.length > 0) {
      if (!this.config.v113) account.codeHash = bytesToHex(keccak_256(code));
      if (!this.config.disableCode) account.code = bytesToHex(code);
    }
    account.empty = account.nonce === 0n && code.length === 0 && account.balance === 0n;
    if (!this.config.disableStorage) account.storage = new Map();
    this.pre.set(key, account);
    return account;
  }

  /** Runs on every SLOAD and SSTORE: the slot's key is made from the stack value, its bytes only when first seen. */
  private lookupStorage(addr: Uint8Array, slot: bigint): void {
    if (this.config.disableStorage) return;
    // A loop touches slots of one account over and over: its entry is kept beside the frame's address object.
    if (this.storageOf?.address !== addr) this.storageOf = { address: addr, storage: this.lookupAccount(addr).storage! };
    const storage = this.storageOf.storage;
    const key = wordHex(slot);
    if (!storage.has(key)) storage.set(key, readSlot(this.state!, addr, hexBytes(key)));
  }

  /** The changed fields of every account in `pre` as they are now; unchanged accounts and slots leave `pre`. */
  private diff(state: StateReader): Map<string, Account> {
    const post = new Map<string, Account>();
    for (const [key, before] of this.pre) {
      // A deleted account keeps its `pre` and has no `post`.
      if (this.deleted.has(key)) continue;
      const addr = hexBytes(key);
      const after: Account = { nonce: 0n };
      let modified = false;
      const balance = state.balance(addr);
      if (balance !== before.balance) [modified, after.balance] = [true, balance];
      const nonce = state.nonce(addr);
      if (nonce !== before.nonce) [modified, after.nonce] = [true, nonce];
      const code = state.code(addr);
      // geth's code hash of an account that does not exist is zero, of one without code keccak256("").
      const codeHash = code.length > 0 ? bytesToHex(keccak_256(code)) : state.exists(addr) ? emptyCodeHash : zeroHash;
      if (!this.config.v113 && codeHash !== (before.codeHash ?? emptyCodeHash)) [modified, after.codeHash] = [true, codeHash];
      if (!this.config.disableCode) {
        const hex = bytesToHex(code);
        if (hex !== (before.code ?? '0x')) [modified, after.code] = [true, hex];
      }
      if (before.storage) {
        after.storage = new Map();
        for (const [slot, value] of before.storage) {
          const now = readSlot(state, addr, hexBytes(slot));
          if (value === zeroHash || value === now) before.storage.delete(slot);
          if (value === now) continue;
          modified = true;
          if (now !== zeroHash) after.storage.set(slot, now);
        }
      }
      if (modified) post.set(key, after);
      else this.pre.delete(key);
    }
    return post;
  }
}

function readSlot(state: StateReader, addr: Uint8Array, slot: Uint8Array): string {
  return bytesToHex(setLengthLeft(state.storage(addr, slot), 32));
}

function hexBytes(hex: string): Uint8Array {
  return new Uint8Array(Buffer.from(hex.slice(2), 'hex'));
}

/** geth's JSON: addresses and slots in ascending order, fields in struct order, absent when empty. */
function stateJson(accounts: Map<string, Account>): string {
  const entries = [...accounts.keys()].sort().map((key) => `"${key}":${accountJson(accounts.get(key)!)}`);
  return `{${entries.join(',')}}`;
}

function accountJson(account: Account): string {
  const fields: string[] = [];
  if (account.balance !== undefined) fields.push(`"balance":"${quantity(account.balance)}"`);
  if (account.code !== undefined) fields.push(`"code":"${account.code}"`);
  if (account.codeHash !== undefined) fields.push(`"codeHash":"${account.codeHash}"`);
  if (account.nonce !== 0n) fields.push(`"nonce":${account.nonce}`);
  if (account.storage && account.storage.size > 0) {
    const slots = [...account.storage.keys()].sort().map((slot) => `"${slot}":"${account.storage!.get(slot)}"`);
    fields.push(`"storage":{${slots.join(',')}}`);
  }
  return `{${fields.join(',')}}`;
}

export const prestateTracer: BuiltinFactory = (text, traits) => {
  if (traits.builtins === 'geth-1.13') {
    const config = boolOptions(text, 'native.prestateTracerConfig', ['diffMode'] as const);
    if ('error' in config) return config;
    return new PrestateTracer({ diffMode: config.diffMode, disableCode: false, disableStorage: false, includeEmpty: true, v113: true });
  }
  const config = boolOptions(text, 'native.PrestateTracerConfig', ['diffMode', 'disableCode', 'disableStorage', 'includeEmpty'] as const);
  if ('error' in config) return config;
  // Diff mode drops accounts that were empty before the transaction, so it cannot also keep them.
  if (config.diffMode && config.includeEmpty) return { error: 'cannot use diffMode with includeEmpty' };
  return new PrestateTracer({ ...config, v113: false });
};
