// How a tracer plugs into the execution: the execution runs each traced transaction with the tracer a
// TracerFactory gives it and drives its hooks (tx-hooks.ts); which tracer that is (a built-in one, the JS
// tracer host) is decided above the EVM, by the trace layer, so the EVM imports no tracer.
import type { Block } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import type { TypedTransaction } from '@ethereumjs/tx';
import type { StateReader } from '../state/state-reader';
import type { PartedOutcome } from './job';
import type { Serialised, TxHooks } from './tx-hooks';

/** A traced transaction's place in its block (a call has none). */
interface TxInBlock {
  blockHash: Uint8Array;
  txIndex: number;
  txHash: Uint8Array;
}

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
  position?: TxInBlock;
  /** Logs the block's earlier transactions emitted: geth numbers logs block-wide. */
  firstLogIndex: number;
}

/** The tracer of one transaction, as the execution drives it. */
interface TxTracer {
  hooks: TxHooks;
  /** The opcodes whose `step` the tracer needs ('all' for every step); the EVM runs the others untapped. */
  steps: 'all' | readonly number[];
  txStart?(env: TxStartEnv): void;
  result(): Serialised | PartedOutcome;
}

/** Builds the tracer for one traced transaction, or says why it cannot (the transaction then still runs). */
export type TracerFactory = (position: TxInBlock | undefined) => TxTracer | { error: string };
