// Upstream blocks read ahead while a client walks through them in order (`trace range`: each block by number,
// then traced by hash): once two consecutive numbers are asked, the next blocks are fetched with their
// transactions, several in one batch, and each is handed to `warm` (the fork source prefetches its state),
// so that the client's next requests find block and state here instead of waiting for the upstream. A block
// asked without its transactions is then answered from the one with them (their hashes in its place): one
// fetch serves the number → hash step and the trace. Anything that is not a well-formed block with its
// transactions is not kept: the client's own request then goes upstream and meets its failure there.
import { isHash, isRecord } from '../../core/chain/shapes';

/** Blocks fetched ahead of the one asked, and how few may be left ahead before the next batch is fetched. */
const window = 16n;
const refill = 8n;
/** Numbers remembered as asked, and blocks kept (the most recent). */
const remembered = 64;

type Fetch = (method: string, params: unknown[]) => Promise<unknown>;

const hexQuantity = (value: unknown): value is string => typeof value === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(value);

/** A block with every transaction as an object with its hash, else undefined. */
function withTransactions(block: unknown): (Record<string, unknown> & { hash: string; transactions: Array<{ hash: string }> }) | undefined {
  if (!isRecord(block) || !isHash(block.hash) || !Array.isArray(block.transactions)) return undefined;
  const transactions: unknown[] = block.transactions;
  return transactions.every((tx) => isRecord(tx) && isHash(tx.hash)) ? (block as ReturnType<typeof withTransactions>) : undefined;
}

/** Adds `key` as the most recent entry of `map`, dropping the oldest past `remembered`. */
function recent<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > remembered) map.delete(map.keys().next().value!);
}

export class BlockReadAhead {
  /** Blocks with their transactions by number, fetched or being fetched. */
  private readonly blocks = new Map<bigint, Promise<unknown>>();
  private readonly byHash = new Map<string, bigint>();
  private readonly asked = new Map<bigint, true>();

  constructor(
    private readonly fetch: Fetch,
    /** The last upstream block (the fork point): later numbers are the local chain's. */
    private readonly last: bigint,
    private readonly warm: (block: Record<string, unknown>) => void,
  ) {}

  /** eth_getBlockByNumber or eth_getBlockByHash answered from blocks read ahead, or undefined (ask upstream). */
  answer(method: string, params: unknown[]): Promise<unknown> | undefined {
    const full = params[1] === true;
    if (method === 'eth_getBlockByHash') {
      const number = typeof params[0] === 'string' ? this.byHash.get(params[0].toLowerCase()) : undefined;
      return number === undefined || !this.blocks.has(number) ? undefined : this.served(number, full, method, params);
    }
    if (method !== 'eth_getBlockByNumber' || !hexQuantity(params[0])) return undefined;
    const number = BigInt(params[0]);
    if (number > this.last) return undefined;
    const inOrder = this.asked.has(number - 1n);
    recent(this.asked, number, true);
    if (inOrder && !this.blocks.has(number + refill)) this.readAhead(number);
    return this.blocks.has(number) ? this.served(number, full, method, params) : undefined;
  }

  /** Fetches the blocks from `number` on that are not here yet, in the same tick: one batch. */
  private readAhead(number: bigint): void {
    for (let n = number; n <= number + window && n <= this.last; n++) {
      if (this.blocks.has(n)) continue;
      const block = this.fetch('eth_getBlockByNumber', [`0x${n.toString(16)}`, true]).then((answer) => {
        const found = withTransactions(answer);
        if (!found || found.number !== `0x${n.toString(16)}`) throw new Error('not a block with its transactions');
        recent(this.byHash, found.hash.toLowerCase(), n);
        this.warm(found);
        return found;
      });
      // What failed is forgotten: the client's own request asks again (a rate limit may have passed).
      block.catch(() => this.blocks.get(n) === block && this.blocks.delete(n));
      recent(this.blocks, n, block);
    }
  }

  /** Block `number` as asked: with its transactions, or with their hashes; the upstream's answer if it was not kept. */
  private async served(number: bigint, full: boolean, method: string, params: unknown[]): Promise<unknown> {
    let block: Record<string, unknown> & { transactions: Array<{ hash: string }> };
    try {
      block = (await this.blocks.get(number)) as typeof block;
    } catch {
      return this.fetch(method, params);
    }
    return full ? block : { ...block, transactions: block.transactions.map((tx) => tx.hash) };
  }
}
