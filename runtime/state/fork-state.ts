// State of the upstream chain at one block, read lazily without eth_getProof (eth_getBalance,
// eth_getTransactionCount, eth_getCode, eth_getStorageAt) and cached. One instance per (URL, block) is
// shared by every state manager of the process, so repeated calls and traces do not refetch.
import { Upstream, type RpcCall } from './upstream';

export interface RemoteAccount {
  nonce: bigint;
  balance: bigint;
  code: string;
}

const accountCalls = (address: string, tag: string): RpcCall[] => [
  { method: 'eth_getBalance', params: [address, tag] },
  { method: 'eth_getTransactionCount', params: [address, tag] },
  { method: 'eth_getCode', params: [address, tag] },
];

const toAccount = ([balance, nonce, code]: unknown[]): RemoteAccount => ({
  balance: BigInt(balance as string),
  nonce: BigInt(nonce as string),
  code: (code as string) || '0x',
});

export class ForkState {
  private accounts = new Map<string, RemoteAccount | Promise<RemoteAccount>>();
  private slots = new Map<string, string | Promise<string>>();

  constructor(
    readonly upstream: Upstream,
    readonly blockTag: string,
  ) {}

  account(address: string): RemoteAccount | Promise<RemoteAccount> {
    let known = this.accounts.get(address);
    if (known === undefined) {
      known = Promise.all(accountCalls(address, this.blockTag).map((c) => this.upstream.request(c.method, c.params))).then(toAccount);
      this.accounts.set(address, known);
      known.then((value) => this.accounts.set(address, value), () => this.accounts.delete(address));
    }
    return known;
  }

  storage(address: string, slot: string): string | Promise<string> {
    const key = `${address}_${slot}`;
    let known = this.slots.get(key);
    if (known === undefined) {
      known = this.upstream.request('eth_getStorageAt', [address, slot, this.blockTag]).then((value) => value as string);
      this.slots.set(key, known);
      known.then((value) => this.slots.set(key, value), () => this.slots.delete(key));
    }
    return known;
  }

  accountSync(address: string): RemoteAccount {
    const known = this.accounts.get(address);
    if (known !== undefined && !(known instanceof Promise)) return known;
    const account = toAccount(this.upstream.requestSync(accountCalls(address, this.blockTag)));
    this.accounts.set(address, account);
    return account;
  }

  storageSync(address: string, slot: string): string {
    const key = `${address}_${slot}`;
    const known = this.slots.get(key);
    if (known !== undefined && !(known instanceof Promise)) return known;
    const [value] = this.upstream.requestSync([{ method: 'eth_getStorageAt', params: [address, slot, this.blockTag] }]) as string[];
    this.slots.set(key, value);
    return value;
  }
}

const shared = new Map<string, ForkState>();

/** The process-wide reader of `url` at `blockNumber` (hex or decimal). */
export function forkStateAt(url: string, blockNumber: string): ForkState {
  const tag = '0x' + BigInt(blockNumber).toString(16);
  const key = `${url}\n${tag}`;
  let state = shared.get(key);
  if (!state) shared.set(key, (state = new ForkState(new Upstream(url), tag)));
  return state;
}
