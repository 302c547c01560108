// The latest transactions of a node, newest first, for the Trace Transaction picker: read from the newest
// blocks (full transaction objects) with their receipts' status. Bounded in blocks, transactions and
// receipts read, whatever the node answers; malformed entries are skipped.
import type { RpcClient } from '../rpc/client';
import { isAddress, isHash, isRecord, quantity } from './shapes';

export interface RecentTransaction {
  hash: string;
  block: bigint;
  from: string;
  /** null for a contract creation. */
  to: string | null;
  /** The first four bytes of the input ("0xa9059cbb"), when there are four. */
  selector?: string;
  /** From the receipt; undefined when it could not be read. */
  status?: 'success' | 'failed';
}

interface ScanLimits {
  blocks: number;
  transactions: number;
}

const defaultScanLimits: ScanLimits = { blocks: 24, transactions: 25 };

interface RecentScan {
  head: bigint;
  /** The oldest block read. */
  oldest: bigint;
  transactions: RecentTransaction[];
}

/** Blocks (and receipts) asked for at once. */
const parallel = 4;

function transactionOf(value: unknown, block: bigint): RecentTransaction | undefined {
  if (!isRecord(value) || !isHash(value.hash) || !isAddress(value.from)) return undefined;
  const to = value.to === null || value.to === undefined ? null : isAddress(value.to) ? value.to.toLowerCase() : undefined;
  if (to === undefined) return undefined;
  const input = typeof value.input === 'string' ? value.input : typeof value.data === 'string' ? value.data : '';
  const selector = /^0x[0-9a-fA-F]{8}/.test(input) ? input.slice(0, 10).toLowerCase() : undefined;
  return { hash: value.hash.toLowerCase(), block, from: value.from.toLowerCase(), to, selector };
}

export async function recentTransactions(
  client: RpcClient,
  limits: ScanLimits = defaultScanLimits,
  signal?: AbortSignal,
): Promise<RecentScan> {
  const head = quantity(await client.request('eth_blockNumber', [], { signal }));
  if (head === undefined) throw new Error('eth_blockNumber did not answer a block number');
  const found: RecentTransaction[] = [];
  let next = head;
  let oldest = head;
  while (next >= 0n && head - next < BigInt(limits.blocks) && found.length < limits.transactions) {
    const numbers: bigint[] = [];
    for (let n = next; n >= 0n && numbers.length < parallel && head - n < BigInt(limits.blocks); n--) numbers.push(n);
    const blocks = await Promise.all(
      numbers.map((n) => client.request<unknown>('eth_getBlockByNumber', ['0x' + n.toString(16), true], { signal })),
    );
    for (const [index, block] of blocks.entries()) {
      const transactions = isRecord(block) && Array.isArray(block.transactions) ? block.transactions : [];
      // Newest first within a block too; a block is read only up to what is still wanted.
      for (let i = transactions.length - 1; i >= 0 && found.length < limits.transactions; i--) {
        const transaction = transactionOf(transactions[i], numbers[index]);
        if (transaction) found.push(transaction);
      }
    }
    oldest = numbers[numbers.length - 1];
    next = oldest - 1n;
  }
  for (let start = 0; start < found.length; start += parallel) {
    const batch = found.slice(start, start + parallel);
    const receipts = await Promise.all(
      batch.map((tx) => client.request<unknown>('eth_getTransactionReceipt', [tx.hash], { signal }).catch(() => undefined)),
    );
    receipts.forEach((receipt, index) => {
      const status = isRecord(receipt) ? quantity(receipt.status) : undefined;
      if (status !== undefined) batch[index].status = status === 1n ? 'success' : 'failed';
    });
  }
  return { head, oldest, transactions: found };
}
