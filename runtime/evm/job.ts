// The description of one trace run, what the execution (execute.ts) runs: plain, structured-cloneable data so
// it can cross into the trace worker.
import type { CallObject as RpcCallObject } from '../../core/trace/call';
import type { GethChainConfig } from '../chain/rules/config-value';
import type { StateSource } from '../state/alloc';
import type { StateOverride } from './state-override';
import type { Target } from './target';

/** One entry of an EIP-2930 access list: an account and its storage slots, lower-case hex. */
export interface AccessListEntry {
  address: string;
  storageKeys: string[];
}

/** An unsigned call (debug_traceCall): the sender is impersonated, fees are not charged from a signature.
 * The RPC call object, plus `input` (geth's alias of `data`), `nonce`, `accessList`, and `to: null` for a
 * create. */
export interface CallObject extends Omit<RpcCallObject, 'to'> {
  to?: string | null;
  input?: string;
  nonce?: string;
  accessList?: AccessListEntry[];
}

export interface TraceBlock {
  number: string;
  timestamp: string;
  gasLimit: string;
  difficulty?: string;
  coinbase: string;
  baseFeePerGas?: string;
  excessBlobGas?: string;
  prevRandao?: string;
  hash?: string;
  parentHash?: string;
  /** EIP-4788: the header's parent beacon block root, stored at the start of the block. */
  parentBeaconBlockRoot?: string;
}

/** The block context of a traced call with block overrides (debug_traceCall): `block` with header fields
 * replaced, and a BLOBBASEFEE of its own. */
export interface CallBlock extends TraceBlock {
  blobBaseFee?: string;
}

export type JobTransaction = { raw: string } | { call: CallObject };

/** The state before the block (`preState`, and `fork`) is the StateSource part. */
export interface TraceJob extends StateSource {
  chainConfig: GethChainConfig;
  block: TraceBlock;
  /** Signed raw transactions (hex) or unsigned calls, in block order. */
  transactions: JobTransaction[];
  /** The context the job's `call` transactions run in when it is not `block` (block overrides): its number
   * and time choose their rules too. The block's own transactions run in `block`. */
  callBlock?: CallBlock;
  /** State overrides for the job's `call` transactions, applied as geth applies them: after the block's
   * earlier transactions, just before the call. */
  callState?: StateOverride;
  /** Indexes of the transactions to trace; earlier ones are replayed untraced. */
  trace: number[];
  /** The job re-executes a mined block from its parent's state: geth's block-start system calls run first. */
  startOfBlock?: boolean;
  /** Tracer JS source. */
  tracer: string;
  /** Raw tracerConfig JSON text, passed verbatim to setup (`"{}"` when absent). */
  tracerConfig?: string;
  timeoutMs: number;
  /** The node's --max-response-bytes: a struct log that grows past it is stopped while it is built. */
  maxResultBytes?: number;
  /** A debug run: the tracer file's file:// URL, under which the tracer is compiled with the file's own
   * line and column numbers, so that breakpoints set in the file bind. */
  tracerUrl?: string;
  /** Block number (decimal or hex) → hash, for BLOCKHASH. */
  blockHashes?: Record<string, string>;
  /** The client whose tracers the trace reproduces (target.ts); geth's when absent. */
  target?: Target;
}

/** One traced transaction: `json` is the geth-serialised result text, or `error` the geth error text. */
export type TraceOutcome = { txHash?: string; json: string } | { txHash?: string; error: string; tooLarge?: true };

/** A result too long to be one string (a struct log): its UTF-8 text in parts, in order. */
export type PartedOutcome = { txHash?: string; jsonParts: Uint8Array[] };

/** What the worker reports for a traced transaction. */
export type WorkerOutcome = TraceOutcome | PartedOutcome;
