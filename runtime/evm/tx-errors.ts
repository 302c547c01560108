// geth's texts for transactions rejected before execution (`tracing failed: <reason>`), from ethereumjs's
// messages, which carry the same numbers in other words plus a suffix describing the VM, block and tx.
import { toChecksumAddress } from '@ethereumjs/util';

/** What the rules need besides the message: the checksummed sender and the transaction's intrinsic gas. */
export interface RejectedTx {
  sender: string;
  intrinsicGas: bigint;
}

type Rule = [pattern: RegExp, text: (m: RegExpExecArray, tx: RejectedTx) => string];

const rules: Rule[] = [
  [
    /enough funds to send tx\. The (?:upfront|max) cost is: (\d+) and the sender's account \((0x[0-9a-fA-F]{40})\) only has: (\d+)/,
    (m) => `insufficient funds for gas * price + value: address ${toChecksumAddress(m[2])} have ${m[3]} want ${m[1]}`,
  ],
  [
    /account has nonce of: (\d+) tx has nonce of: (\d+)/,
    (m, tx) => `nonce too ${BigInt(m[2]) > BigInt(m[1]) ? 'high' : 'low'}: address ${tx.sender}, tx: ${m[2]} state: ${m[1]}`,
  ],
  // ethereumjs wants the larger of the intrinsic gas and the EIP-7623 calldata floor; geth checks the
  // intrinsic gas first, then the floor, each with its own text.
  [
    /tx gas limit (\d+) is lower than the minimum gas limit of (\d+)/,
    (m, tx) =>
      BigInt(m[1]) < tx.intrinsicGas
        ? `intrinsic gas too low: have ${m[1]}, want ${tx.intrinsicGas}`
        : `insufficient gas for floor data gas cost: have ${m[1]}, want ${m[2]}`,
  ],
  [
    /(?:maxFeePerGas|gasPrice) \((\d+)\) is less than the block's baseFeePerGas \((\d+)\)/,
    (m, tx) => `max fee per gas less than block base fee: address ${tx.sender}, maxFeePerGas: ${m[1]}, baseFee: ${m[2]}`,
  ],
];

/** The reason geth gives for the rejection, or ethereumjs's own text without its context suffix. */
export function gethTxRejection(message: string, tx: RejectedTx): string {
  for (const [pattern, text] of rules) {
    const m = pattern.exec(message);
    if (m) return text(m, { ...tx, sender: toChecksumAddress(tx.sender) });
  }
  return message.replace(/ \([^()]*->[^()]*\)$/s, '');
}
