// What "transaction not found" means on the node it came from: the local node's chain holds only what it
// mined since it started; another node may be on another network or keep only recent history.
import { shortHex } from './shapes';

interface NotFoundWhere {
  nodeName: string;
  local: boolean;
  /** The node's latest block number, when known. */
  head?: bigint;
  chainId?: number;
}

export function transactionNotFound(hash: string, where: NotFoundWhere): string {
  const tx = `Transaction ${shortHex(hash)}`;
  if (where.local && where.head === 0n) {
    return (
      `${tx} is not on the local node: its chain is empty (block 0; evmTracer.localNode.seed is "empty"). ` +
      'Send one with "EVM Tracer: Send Transaction…", or set evmTracer.localNode.seed to "examples" and restart the local node.'
    );
  }
  if (where.local) {
    const blocks = where.head === undefined ? '' : ` (blocks 0–${where.head})`;
    return (
      `${tx} is not on the local node. It holds only what it mined since it started${blocks}: ` +
      'hashes from an earlier run of the node or from another network are not there. Pick one of its latest transactions instead.'
    );
  }
  const chain = where.chainId === undefined ? '' : ` (chain ${where.chainId})`;
  return (
    `${tx} is not known to "${where.nodeName}"${chain}. It may be on another network, not mined yet, ` +
    'or older than this node keeps (a pruned node indexes only recent transactions: use an archive node).'
  );
}
