// The latest blocks of a node, newest first, for the Trace Block picker: number, hash, transaction count and
// time, read without their transactions' bodies. Bounded in blocks read, whatever the node answers; a block
// whose answer is not a block (wrong number, no hash) is skipped.
import type { RpcClient } from '../rpc/client';
import { isHash, isRecord, quantity } from './shapes';

export interface RecentBlock {
  number: bigint;
  hash: string;
  transactions: number;
  /** Unix seconds, when the node gave one. */
  timestamp?: number;
}

interface RecentBlocks {
  head: bigint;
  blocks: RecentBlock[];
}

/** Blocks asked for at once. */
const parallel = 4;

function blockOf(value: unknown, number: bigint): RecentBlock | undefined {
  if (!isRecord(value) || quantity(value.number) !== number || !isHash(value.hash) || !Array.isArray(value.transactions)) return undefined;
  const time = quantity(value.timestamp);
  return {
    number,
    hash: value.hash.toLowerCase(),
    transactions: value.transactions.length,
    ...(time !== undefined && time <= BigInt(Number.MAX_SAFE_INTEGER) ? { timestamp: Number(time) } : {}),
  };
}

/** The latest `count` blocks, newest first (genesis included when the chain is that short). */
export async function recentBlocks(client: RpcClient, count = 12, signal?: AbortSignal): Promise<RecentBlocks> {
  const head = quantity(await client.request('eth_blockNumber', [], { signal }));
  if (head === undefined) throw new Error('eth_blockNumber did not answer a block number');
  const numbers: bigint[] = [];
  for (let n = head; n >= 0n && numbers.length < count; n--) numbers.push(n);
  const blocks: RecentBlock[] = [];
  for (let start = 0; start < numbers.length; start += parallel) {
    const batch = numbers.slice(start, start + parallel);
    const answers = await Promise.all(
      batch.map((n) => client.request<unknown>('eth_getBlockByNumber', [`0x${n.toString(16)}`, false], { signal })),
    );
    answers.forEach((answer, index) => {
      const block = blockOf(answer, batch[index]);
      if (block) blocks.push(block);
    });
  }
  return { head, blocks };
}
