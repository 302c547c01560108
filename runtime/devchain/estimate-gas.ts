// eth_estimateGas as geth does it: run at the cap, then binary-search the lowest gas limit that succeeds,
// starting from an optimistic guess (gas used + refund + call stipend, ×64/63) and stopping within 1.5%.
import type { RunTxResult } from '@ethereumjs/vm';
import type { CallObject } from '../evm/job';
import type { DevChain, StoredBlock } from './dev-chain';

type Estimate = { gas: bigint } | { failure: RunTxResult; cap: bigint };

export async function estimateGas(chain: DevChain, call: CallObject, block: StoredBlock): Promise<Estimate> {
  const cap = call.gas !== undefined ? BigInt(call.gas) : block.header.gasLimit;
  const run = (gas: bigint) => chain.call({ ...call, gas: '0x' + gas.toString(16) }, block);
  const first = await run(cap);
  if (first.execResult.exceptionError) return { failure: first, cap };
  let low = first.totalGasSpent - 1n;
  let high = cap;
  const optimistic = ((first.totalGasSpent + first.gasRefund + 2300n) * 64n) / 63n;
  if (optimistic < high) {
    if ((await run(optimistic)).execResult.exceptionError) low = optimistic;
    else high = optimistic;
  }
  while (low + 1n < high && ((high - low) * 1000n) / high >= 15n) {
    const middle = (low + high) / 2n;
    if ((await run(middle)).execResult.exceptionError) low = middle;
    else high = middle;
  }
  return { gas: high };
}
