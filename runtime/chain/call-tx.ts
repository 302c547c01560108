// An unsigned call object (eth_call, eth_estimateGas, debug_traceCall) as a transaction that runs as if
// `from` had signed it. With no gas price given, geth runs the call with a zero base fee (NoBaseFee).
import type { Common } from '@ethereumjs/common';
import { createFeeMarket1559Tx, createLegacyTx, type TypedTransaction } from '@ethereumjs/tx';
import { createAddressFromString, hexToBytes } from '@ethereumjs/util';
import type { CallObject } from '../trace/job';

const zeroAddress = '0x' + '00'.repeat(20);

const optional = (value: string | undefined): bigint | undefined => (value === undefined ? undefined : BigInt(value));

/** True when the call names no fee at all: geth then lowers the block's base fee to 0 for it. */
export function callHasNoFee(call: CallObject): boolean {
  return [call.gasPrice, call.maxFeePerGas, call.maxPriorityFeePerGas].every((fee) => fee === undefined || BigInt(fee) === 0n);
}

export function txFromCall(call: CallObject, common: Common, defaults: { gasLimit: bigint; nonce: bigint }): TypedTransaction {
  const data = call.input ?? call.data;
  const fields = {
    to: call.to ? createAddressFromString(call.to) : undefined,
    value: optional(call.value) ?? 0n,
    data: data ? hexToBytes(data as `0x${string}`) : new Uint8Array(),
    gasLimit: optional(call.gas) ?? defaults.gasLimit,
    nonce: optional(call.nonce) ?? defaults.nonce,
  };
  const tx =
    call.maxFeePerGas !== undefined || call.maxPriorityFeePerGas !== undefined
      ? createFeeMarket1559Tx(
          {
            ...fields,
            maxFeePerGas: optional(call.maxFeePerGas) ?? optional(call.maxPriorityFeePerGas) ?? 0n,
            maxPriorityFeePerGas: optional(call.maxPriorityFeePerGas) ?? 0n,
          },
          { common, freeze: false },
        )
      : createLegacyTx({ ...fields, gasPrice: optional(call.gasPrice) ?? 0n }, { common, freeze: false });
  const sender = createAddressFromString(call.from ?? zeroAddress);
  // Impersonation: runTx asks the transaction for its signer and whether it is signed.
  tx.getSenderAddress = () => sender;
  tx.isSigned = () => true;
  return tx;
}
