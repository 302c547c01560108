// geth's RPC gas cap (--rpc.gascap) on calls (eth_call, debug_traceCall): a call without gas gets the cap, one
// with more is lowered to it; with no cap (0) a call without gas gets half of uint64's range.
import type { CallObject } from '../evm/job';

/** geth's default --rpc.gascap. */
export const defaultGasCap = 50_000_000n;

export function cappedCall<C extends CallObject>(call: C, gasCap: bigint): C {
  const asked = call.gas === undefined ? undefined : BigInt(call.gas);
  const gas = gasCap === 0n ? (asked ?? (2n ** 64n - 1n) / 2n) : asked === undefined || asked > gasCap ? gasCap : asked;
  return { ...call, gas: '0x' + gas.toString(16) };
}
