// One block of a range run as JSON Lines: the block read by number (eth_getBlockByNumber), then traced by the
// hash that answer gave (debug_traceBlockByHash, which geth traces as debug_traceBlockByNumber does), so that
// a reorg between the two requests cannot pair one block's hash with another block's traces. Both answers are
// input from a node that may be hostile: the block must be the one asked for, the traces must be its
// transactions in its order, and no line may hold a secret of the node's URL. What is wrong is a BadAnswer.
import { isHash, isRecord } from '../chain/shapes';
import type { RpcClient } from '../rpc/client';

/** An answer that is not what was asked: not worth asking again. */
class BadAnswer extends Error {}

export interface BlockLines {
  /** One line per transaction, each ending in a newline. */
  text: string;
  transactions: number;
  /** Transactions whose entry is an error. */
  errors: number;
}

interface BlockTraceOptions {
  /** The trace config sent: {tracer, tracerConfig, timeout, target}. */
  traceConfig: Record<string, unknown>;
  /** How long one transaction's trace may take (the node's `timeout`): a block's request waits that per transaction. */
  perTransactionMs: number;
  /** Whether text holds a secret of the node's URL. */
  holdsSecret(text: string): boolean;
  signal?: AbortSignal;
}

/** The least a block's trace request waits, and what it waits beyond the node's own time-outs. */
const minimumWaitMs = 120_000;
const graceMs = 15_000;

/** The block's hash and transaction hashes, checked. */
async function blockAt(client: RpcClient, number: number, signal?: AbortSignal): Promise<{ hash: string; transactions: string[] }> {
  const block = await client.request<unknown>('eth_getBlockByNumber', [`0x${number.toString(16)}`, false], { signal });
  const where = `block ${number}`;
  if (block === null) throw new BadAnswer(`${where}: the node has no such block`);
  if (!isRecord(block)) throw new BadAnswer(`${where}: the answer is not a block: ${client.shown(JSON.stringify(block), 100)}`);
  if (block.number !== `0x${number.toString(16)}`)
    throw new BadAnswer(`${where}: the node answered block ${client.shown(String(JSON.stringify(block.number)), 80)} instead`);
  if (!isHash(block.hash)) throw new BadAnswer(`${where}: its hash is not a 32-byte hash`);
  const { transactions } = block;
  if (!Array.isArray(transactions) || !transactions.every(isHash))
    throw new BadAnswer(`${where}: its transactions are not a list of 32-byte hashes`);
  return { hash: block.hash, transactions };
}

export async function blockLines(client: RpcClient, number: number, options: BlockTraceOptions): Promise<BlockLines> {
  const { hash, transactions } = await blockAt(client, number, options.signal);
  const where = `block ${number} (${hash})`;
  if (transactions.length === 0) return { text: '', transactions: 0, errors: 0 };
  const timeoutMs = Math.max(minimumWaitMs, transactions.length * options.perTransactionMs + graceMs);
  const entries = await client.request<unknown>('debug_traceBlockByHash', [hash, options.traceConfig], {
    signal: options.signal,
    timeoutMs,
  });
  if (!Array.isArray(entries)) throw new BadAnswer(`${where}: the trace is not a list: ${client.shown(JSON.stringify(entries), 100)}`);
  if (entries.length !== transactions.length)
    throw new BadAnswer(`${where}: the trace has ${entries.length} entries for the block's ${transactions.length} transactions`);
  let text = '';
  let errors = 0;
  entries.forEach((entry: unknown, txIndex) => {
    const txHash = transactions[txIndex];
    const at = `${where}, transaction ${txIndex}`;
    if (!isRecord(entry) || typeof entry.txHash !== 'string' || entry.txHash.toLowerCase() !== txHash.toLowerCase())
      throw new BadAnswer(`${at}: the trace's entry is not for ${txHash}`);
    const failed = 'error' in entry;
    const answered = 'result' in entry;
    if (failed === answered || (failed && typeof entry.error !== 'string'))
      throw new BadAnswer(`${at}: the entry does not have exactly one of a "result" and an "error" text`);
    const outcome = failed ? { error: entry.error } : { result: entry.result };
    const line = JSON.stringify({ blockNumber: number, blockHash: hash, txIndex, txHash, ...outcome });
    if (options.holdsSecret(line)) throw new BadAnswer(`${at}: the answer holds a secret of the node's URL (its key or password)`);
    if (failed) errors++;
    text += `${line}\n`;
  });
  return { text, transactions: transactions.length, errors };
}
