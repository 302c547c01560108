// A dev account's transaction (eth_sendTransaction, and the example seed at start-up): fills in nonce, gas and
// fees like geth's dev mode and signs with the dev account key.
import { createFeeMarket1559Tx, createLegacyTx, type TypedTransaction } from '@ethereumjs/tx';
import { createAddressFromString, hexToBytes } from '@ethereumjs/util';
import type { CallLimits, DevChain } from '../devchain/dev-chain';
import type { CallObject } from '../evm/job';
import { executionError } from './methods/execution-error';
import { serverError } from './rpc-error';

/** The tip added to the base fee when the sender names no fees (geth's default suggestion is 1 gwei). */
export const defaultTip = 1_000_000_000n;

export async function buildDevTransaction(
  context: { chain: DevChain; callLimits: CallLimits },
  call: CallObject,
): Promise<TypedTransaction> {
  const { chain } = context;
  const account = chain.accounts.find((a) => a.address === call.from);
  if (!account) throw serverError(call.from === undefined ? 'missing "from": the sender must be a dev account' : 'unknown account');
  const head = chain.head;
  const state = await chain.stateAfterBlock(head);
  const nonce =
    call.nonce !== undefined ? BigInt(call.nonce) : ((await state.getAccount(createAddressFromString(account.address)))?.nonce ?? 0n);
  let gasLimit = call.gas !== undefined ? BigInt(call.gas) : undefined;
  if (gasLimit === undefined) {
    const estimate = await chain.estimateGas({ ...call, nonce: undefined }, 'next', context.callLimits);
    if ('failure' in estimate) throw executionError(estimate.failure) ?? serverError('gas estimation failed');
    gasLimit = estimate.gas;
  }
  const nextBaseFee = chain.nextBaseFee();
  const common = chain.commonAt(head.number + 1n, BigInt(Math.floor(Date.now() / 1000)));
  const data = call.input ?? call.data;
  const fields = {
    nonce,
    gasLimit,
    to: call.to ? createAddressFromString(call.to) : undefined,
    value: call.value !== undefined ? BigInt(call.value) : 0n,
    data: data ? hexToBytes(data as `0x${string}`) : new Uint8Array(),
  };
  const useLegacy = call.gasPrice !== undefined || nextBaseFee === undefined;
  const unsigned = useLegacy
    ? createLegacyTx({ ...fields, gasPrice: call.gasPrice !== undefined ? BigInt(call.gasPrice) : 1_000_000_000n }, { common })
    : (() => {
        const tip = call.maxPriorityFeePerGas !== undefined ? BigInt(call.maxPriorityFeePerGas) : defaultTip;
        const maxFee = call.maxFeePerGas !== undefined ? BigInt(call.maxFeePerGas) : 2n * nextBaseFee + tip;
        return createFeeMarket1559Tx({ ...fields, maxFeePerGas: maxFee, maxPriorityFeePerGas: tip < maxFee ? tip : maxFee }, { common });
      })();
  return unsigned.sign(account.privateKey);
}
