// The client a trace reproduces: a tracer is written against the answers of one node software and version,
// and the local node's tracer host behaves as that one. geth v1.17.5 for Ethereum chains; coreth (avalanchego
// v1.14.0), whose tracers are libevm's, a fork of geth v1.13, for the Avalanche C-Chain. A TraceJob carries
// the target's name; the modules that behave per target read its traits below, one flag per behaviour, and
// never the name itself.
import { isAvalancheConfig } from '../chain/rules/avalanche';
import type { GethChainConfig } from '../chain/rules/config-value';
import type { ClientTarget } from '../../core/client-targets';
import type { Bn254Words } from './precompile-errors';

export type Target = ClientTarget;

/** What a tracer sees differently on each target. geth v1.14 rewrote the tracing hooks (OnEnter before the
 * call's checks, OnLog, OnTxStart/OnTxEnd around a finalised state); coreth still has geth v1.13's. */
export interface TargetTraits {
  // The hook sequence (trace-tx.ts).
  /** A call or creation that fails before it runs (call depth, balance, address collision) has a frame:
   * `enter`/`exit` and a callTracer call (geth); coreth's EVM fails them before it tells the tracer, and a
   * top-level creation's collision before it tells the tracer anything of the transaction's call. */
  framesForFailedChecks: boolean;
  /** A write in a static frame (SSTORE, CREATE, CREATE2, SELFDESTRUCT, CALL with value) is refused by the
   * opcode's gas function, `out of gas: write protection` with the constant gas as cost (geth); coreth runs
   * the step with its whole cost and refuses the write when the opcode executes: a `fault`, `write protection`. */
  writeProtectionInGas: boolean;
  /** A dynamic gas failure names its cause (`out of gas: not enough gas for reentrancy sentry`, `out of gas:
   * gas uint64 overflow`); coreth's is plain `out of gas`, as is a code size over the limit's
   * (`max code size exceeded`, without the sizes). */
  detailedGasErrors: boolean;
  /** `fault` sees the stack as geth v1.17 leaves it; coreth's failing opcodes have popped their arguments
   * first (REVERT, JUMP, JUMPI, RETURNDATACOPY, a CALL with value in a static frame). */
  faultSeesArgumentsPopped: boolean;
  /** The bn254 library a failing bn254 precompile's error names its cause in: geth's gnark-crypto, or coreth's
   * cloudflare bn256 (`bn256: malformed point`, `bn256: coordinate equals modulus`, …). */
  bn254Words: Bn254Words;
  /** Opcodes named by geth v1.17 that coreth's table does not know (their names read `opcode 0x1e not defined`). */
  unnamedOpcodes: readonly number[];
  // The JavaScript tracer API (tracer host and realm).
  /** `ctx.coinbase` exists (geth v1.14 added it). */
  contextCoinbase: boolean;
  /** `ctx.gasPrice` is the effective tip (geth v1.15); coreth's is the whole effective gas price. */
  gasPriceIsTip: boolean;
  /** `db` in `result` reads the state once the transaction is finalised (geth: self-destructed accounts and
   * touched empty ones are gone); coreth's still holds them (a destroyed contract's code and slots, a called
   * precompile). */
  finalisedStateInResult: boolean;
  /** An error in a hook ends the tracer (geth); coreth records it, still runs `exit` and `result`, and answers
   * `result`'s own error if that fails too. */
  hookErrorEndsTracer: boolean;
  /** In `fault` of a tracer without `step`, reading `log.stack`, `log.memory` or `log.contract` (never set)
   * crashes coreth's request (`method handler crashed`: nil pointers in geth v1.13); geth's are empty. */
  unsetLogCrashes: boolean;
  // debug_traceCall.
  /** The `blockOverrides` a call takes: geth v1.17's (feeRecipient, baseFeePerGas, prevRandao, beaconRoot and
   * withdrawals refused, a difficulty ignored after the merge) or coreth's (geth v1.13's names coinbase and
   * baseFee, no prevRandao, and a nil pointer without `number`: `method handler crashed`). */
  blockOverrides: 'geth-1.17' | 'geth-1.13';
  // The built-in tracers.
  /** geth v1.17's callTracer, prestateTracer, 4byteTracer and struct logger, or geth v1.13's (coreth): logs
   * without `index`, prestate without `codeHash` and with empty accounts, words without `0x`… */
  builtins: 'geth-1.17' | 'geth-1.13';
}

const traits: Record<Target, TargetTraits> = {
  geth: {
    framesForFailedChecks: true,
    writeProtectionInGas: true,
    detailedGasErrors: true,
    faultSeesArgumentsPopped: false,
    bn254Words: 'gnark',
    unnamedOpcodes: [],
    contextCoinbase: true,
    gasPriceIsTip: true,
    finalisedStateInResult: true,
    hookErrorEndsTracer: true,
    unsetLogCrashes: false,
    blockOverrides: 'geth-1.17',
    builtins: 'geth-1.17',
  },
  coreth: {
    framesForFailedChecks: false,
    writeProtectionInGas: false,
    detailedGasErrors: false,
    faultSeesArgumentsPopped: true,
    bn254Words: 'cloudflare',
    // CLZ, SLOTNUM and the EOF opcodes.
    unnamedOpcodes: [
      0x1e, 0x4b, 0xd0, 0xd1, 0xd2, 0xd3, 0xe0, 0xe1, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xec, 0xee, 0xf7, 0xf8, 0xf9, 0xfb,
    ],
    contextCoinbase: false,
    gasPriceIsTip: false,
    finalisedStateInResult: false,
    hookErrorEndsTracer: false,
    unsetLogCrashes: true,
    blockOverrides: 'geth-1.13',
    builtins: 'geth-1.13',
  },
};

/** A job's target's traits (a job that names none is geth's). */
export function traitsOf(target: Target | undefined): TargetTraits {
  return traits[target ?? 'geth'];
}

/** What a fork's upstream says of itself. */
interface UpstreamClient {
  /** Its web3_clientVersion. */
  clientVersion?: string;
  /** It answers eth_getChainConfig, which only coreth and subnet-evm have. */
  chainConfig?: boolean;
}

/** The target a chain's tracers are written for, and why: coreth on a chain with the C-Chain's rules (its
 * chain ids, coreth's chain config) or under an upstream that is coreth or subnet-evm (its web3_clientVersion
 * names avalanchego, coreth or subnet-evm, or it answers eth_getChainConfig: avalanchego v1.14.0's
 * web3_clientVersion is only "v0.15.4"); geth elsewhere. */
export function chainTarget(config: GethChainConfig, upstream: UpstreamClient = {}): { target: Target; reason: string } {
  if (isAvalancheConfig(config)) return { target: 'coreth', reason: "the C-Chain's rules" };
  const client = upstream.clientVersion === undefined ? undefined : /avalanchego|coreth|subnet-evm/i.exec(upstream.clientVersion)?.[0];
  if (client) return { target: 'coreth', reason: `the upstream's web3_clientVersion (${client})` };
  if (upstream.chainConfig) return { target: 'coreth', reason: 'an upstream that answers eth_getChainConfig (coreth, subnet-evm)' };
  return { target: 'geth', reason: "Ethereum's rules" };
}
