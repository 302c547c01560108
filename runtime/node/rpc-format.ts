// Blocks, transactions and receipts of the dev chain in the JSON-RPC shapes geth returns.
import type { TypedTransaction } from '@ethereumjs/tx';
import { bytesToHex } from '@ethereumjs/util';
import type { StoredBlock } from '../devchain/dev-chain';
import { toQuantity } from '../chain/hex';

export function formatTransaction(stored: StoredBlock, index: number): Record<string, unknown> {
  const tx = stored.block!.transactions[index] as TypedTransaction;
  const json = tx.toJSON() as Record<string, unknown>;
  const receipt = stored.receipts[index];
  const gasPrice = 'maxFeePerGas' in tx ? receipt.effectiveGasPrice : tx.gasPrice;
  return {
    ...json,
    type: toQuantity(tx.type),
    blockHash: stored.hash,
    blockNumber: toQuantity(stored.number),
    transactionIndex: toQuantity(index),
    hash: bytesToHex(tx.hash()),
    from: receipt.from,
    to: tx.to?.toString() ?? null,
    gas: json.gasLimit,
    gasLimit: undefined,
    gasPrice: toQuantity(gasPrice),
    input: json.data,
    data: undefined,
    yParity: tx.type === 0 ? undefined : json.v,
  };
}

export function formatReceipt(stored: StoredBlock, index: number): Record<string, unknown> {
  const tx = stored.block!.transactions[index] as TypedTransaction;
  const receipt = stored.receipts[index];
  const txHash = bytesToHex(tx.hash());
  return {
    type: toQuantity(tx.type),
    status: toQuantity(receipt.status),
    cumulativeGasUsed: toQuantity(receipt.cumulativeGasUsed),
    logsBloom: receipt.logsBloom,
    logs: receipt.logs.map((log, logIndex) => ({
      ...log,
      blockNumber: toQuantity(stored.number),
      transactionHash: txHash,
      transactionIndex: toQuantity(index),
      blockHash: stored.hash,
      logIndex: toQuantity(logIndex),
      removed: false,
    })),
    transactionHash: txHash,
    contractAddress: receipt.contractAddress ?? null,
    gasUsed: toQuantity(receipt.gasUsed),
    effectiveGasPrice: toQuantity(receipt.effectiveGasPrice),
    blockHash: stored.hash,
    blockNumber: toQuantity(stored.number),
    transactionIndex: toQuantity(index),
    from: receipt.from,
    to: tx.to?.toString() ?? null,
  };
}

export function formatBlock(stored: StoredBlock, fullTransactions: boolean): Record<string, unknown> {
  const block = stored.block!;
  const header = block.header.toJSON() as Record<string, unknown>;
  return {
    ...header,
    hash: stored.hash,
    miner: header.coinbase,
    coinbase: undefined,
    sha3Uncles: header.uncleHash,
    uncleHash: undefined,
    transactionsRoot: header.transactionsTrie,
    transactionsTrie: undefined,
    receiptsRoot: header.receiptTrie,
    receiptTrie: undefined,
    size: toQuantity(block.serialize().length),
    totalDifficulty: '0x0',
    uncles: [],
    withdrawals: block.withdrawals ? [] : undefined,
    transactions: block.transactions.map((tx, index) => (fullTransactions ? formatTransaction(stored, index) : bytesToHex(tx.hash()))),
  };
}
