// A geth built-in tracer implemented natively: it runs in the trace worker beside the EVM, on the same hook
// sequence as a JavaScript tracer plus the transaction-start hook geth's native tracers have.
import type { Block } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import type { TypedTransaction } from '@ethereumjs/tx';
import type { Serialised, TxHooks } from '../evm/tx-hooks';
import type { PartedOutcome } from '../trace/job';
import type { StateReader } from '../tracer/host/views';

/** The transaction before it touches the state: no nonce bump, no fees, no EIP-7702 authorizations yet. */
export interface TxStartEnv {
  tx: TypedTransaction;
  from: Uint8Array;
  block: Block;
  common: Common;
  /** Live state: reads now give the state before the transaction; reads in `result` the state after it. */
  state: StateReader;
  precompiles: Uint8Array[];
  /** The transaction's place in its block (traced transactions; a call has none). */
  position?: { blockHash: Uint8Array; txIndex: number; txHash: Uint8Array };
  /** Logs the block's earlier transactions emitted: geth numbers logs block-wide. */
  firstLogIndex: number;
}

export interface BuiltinTracer extends TxHooks {
  /** The opcodes whose `step` the tracer needs ('all' for every step); the EVM runs the others untapped.
   * Call types of `enter` come from the CALL/CREATE family's steps, so a tracer that reads them lists those. */
  readonly steps: 'all' | readonly number[];
  txStart?(env: TxStartEnv): void;
  result(): Serialised | PartedOutcome;
}

/** Builds a tracer from its raw `tracerConfig` JSON text (undefined when absent), or says why it cannot. */
export type BuiltinFactory = (config: string | undefined) => BuiltinTracer | { error: string };
