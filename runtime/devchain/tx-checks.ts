// geth's pre-execution checks of a transaction (core/state_transition.go preCheck and buyGas, txpool rules),
// with geth's error texts, so a rejected transaction reads the same as on geth.
import type { TypedTransaction } from '@ethereumjs/tx';
import type { Account } from '@ethereumjs/util';
import type { BlockRules } from '../evm/block-rules';

/** What a transaction may cost at most: gas limit × fee cap + value (+ blob gas at its fee cap). */
function maxCost(tx: TypedTransaction): bigint {
  const feeCap = 'maxFeePerGas' in tx ? tx.maxFeePerGas : tx.gasPrice;
  const blobCost = 'maxFeePerBlobGas' in tx ? tx.maxFeePerBlobGas * 131072n * BigInt(tx.blobVersionedHashes.length) : 0n;
  return tx.gasLimit * feeCap + tx.value + blobCost;
}

/** The first rule the transaction breaks, as geth words it, or undefined when it may run. */
export function checkTransaction(
  tx: TypedTransaction,
  sender: string,
  account: Account | undefined,
  block: { baseFeePerGas?: bigint; gasLimit: bigint },
  rules?: BlockRules,
): string | undefined {
  // The C-Chain has no blob pool: coreth's txpool refuses type 3 (ErrTxTypeNotSupported).
  if (rules?.avalanche && tx.type === 3) return 'transaction type not supported';
  const nonce = account?.nonce ?? 0n;
  if (tx.nonce < nonce) return `nonce too low: address ${sender}, tx: ${tx.nonce} state: ${nonce}`;
  if (tx.nonce > nonce) return `nonce too high: address ${sender}, tx: ${tx.nonce} state: ${nonce}`;
  if (tx.gasLimit > block.gasLimit) return `gas limit too high: address ${sender}, gas: ${tx.gasLimit}, block gas limit: ${block.gasLimit}`;
  if ('maxFeePerGas' in tx) {
    if (tx.maxPriorityFeePerGas > tx.maxFeePerGas) {
      return `max priority fee per gas higher than max fee per gas: address ${sender}, maxPriorityFeePerGas: ${tx.maxPriorityFeePerGas}, maxFeePerGas: ${tx.maxFeePerGas}`;
    }
    if (block.baseFeePerGas !== undefined && tx.maxFeePerGas < block.baseFeePerGas) {
      return `max fee per gas less than block base fee: address ${sender}, maxFeePerGas: ${tx.maxFeePerGas}, baseFee: ${block.baseFeePerGas}`;
    }
  } else if (block.baseFeePerGas !== undefined && tx.gasPrice < block.baseFeePerGas) {
    return `max fee per gas less than block base fee: address ${sender}, maxFeePerGas: ${tx.gasPrice}, baseFee: ${block.baseFeePerGas}`;
  }
  const balance = account?.balance ?? 0n;
  const want = maxCost(tx);
  if (balance < want) return `insufficient funds for gas * price + value: address ${sender} have ${balance} want ${want}`;
  const intrinsic = tx.getIntrinsicGas();
  if (tx.gasLimit < intrinsic) return `intrinsic gas too low: have ${tx.gasLimit}, want ${intrinsic}`;
  return undefined;
}
