// State of the upstream chain at one block, cached: what a prefetch or the disk cache brought is seeded in
// (seed), the rest is read lazily without eth_getProof (eth_getBalance, eth_getTransactionCount,
// eth_getCode, eth_getStorageAt; an account's three reads in one batch). One instance per (URL, block) is
// shared by every state manager of the process, so repeated calls and traces do not refetch; what was read
// lazily is kept apart (takeFetched) so that the trace worker can hand it to the node for the disk cache.
import { Upstream, type RpcCall } from './upstream';
import { accountFrom, emptySnapshot, slotKey, type SnapshotAccount, type UpstreamSnapshot } from './upstream-snapshot';

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

/** The three answers as an account; an answer that is not hex is the upstream's fault, said so. */
function toSnapshotAccount(upstream: Upstream, address: string, [balance, nonce, code]: unknown[]): SnapshotAccount {
  const account = accountFrom({ balance, nonce, code: code || '0x' });
  if (!account)
    throw new Error(`fork upstream ${upstream.endpoint.masked}: the account ${address} it answered is not hex balance, nonce and code`);
  return account;
}

const toRemote = (account: SnapshotAccount): RemoteAccount => ({
  balance: BigInt(account.balance),
  nonce: BigInt(account.nonce),
  code: account.code,
});

export class ForkState {
  private accounts = new Map<string, RemoteAccount | Promise<RemoteAccount>>();
  private slots = new Map<string, string | Promise<string>>();
  /** Read lazily from the upstream since the last takeFetched. */
  private fetched = emptySnapshot();

  constructor(
    readonly upstream: Upstream,
    readonly blockTag: string,
  ) {}

  /** Values known from elsewhere (a prefetch, the disk cache): they are never asked for. */
  seed(snapshot: UpstreamSnapshot): void {
    for (const [address, account] of Object.entries(snapshot.accounts))
      if (!this.accounts.has(address)) this.accounts.set(address, toRemote(account));
    for (const [key, value] of Object.entries(snapshot.slots)) if (!this.slots.has(key)) this.slots.set(key, value);
  }

  /** What was read lazily since the last call. */
  takeFetched(): UpstreamSnapshot {
    const taken = this.fetched;
    this.fetched = emptySnapshot();
    return taken;
  }

  private keepAccount(address: string, account: SnapshotAccount): RemoteAccount {
    this.upstream.traffic.accounts++;
    this.fetched.accounts[address] = account;
    const remote = toRemote(account);
    this.accounts.set(address, remote);
    return remote;
  }

  private keepSlot(key: string, value: unknown): string {
    if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{0,64}$/.test(value)) {
      throw new Error(
        `fork upstream ${this.upstream.endpoint.masked}: eth_getStorageAt answered something that is not a 32-byte hex value`,
      );
    }
    const word = '0x' + value.slice(2).toLowerCase().padStart(64, '0');
    this.upstream.traffic.slots++;
    this.fetched.slots[key] = word;
    this.slots.set(key, word);
    return word;
  }

  account(address: string): RemoteAccount | Promise<RemoteAccount> {
    address = address.toLowerCase();
    let known = this.accounts.get(address);
    if (known === undefined) {
      known = Promise.all(accountCalls(address, this.blockTag).map((c) => this.upstream.request(c.method, c.params))).then((answers) =>
        this.keepAccount(address, toSnapshotAccount(this.upstream, address, answers)),
      );
      this.accounts.set(address, known);
      known.catch(() => this.accounts.delete(address));
    }
    return known;
  }

  storage(address: string, slot: string): string | Promise<string> {
    const key = slotKey(address, slot);
    let known = this.slots.get(key);
    if (known === undefined) {
      known = this.upstream
        .request('eth_getStorageAt', [address.toLowerCase(), slot, this.blockTag])
        .then((value) => this.keepSlot(key, value));
      this.slots.set(key, known);
      known.catch(() => this.slots.delete(key));
    }
    return known;
  }

  accountSync(address: string): RemoteAccount {
    address = address.toLowerCase();
    const known = this.accounts.get(address);
    if (known !== undefined && !(known instanceof Promise)) return known;
    return this.keepAccount(
      address,
      toSnapshotAccount(this.upstream, address, this.upstream.requestSync(accountCalls(address, this.blockTag))),
    );
  }

  storageSync(address: string, slot: string): string {
    const key = slotKey(address, slot);
    const known = this.slots.get(key);
    if (known !== undefined && !(known instanceof Promise)) return known;
    const [value] = this.upstream.requestSync([{ method: 'eth_getStorageAt', params: [address.toLowerCase(), slot, this.blockTag] }]);
    return this.keepSlot(key, value);
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
