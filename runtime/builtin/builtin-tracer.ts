// A geth built-in tracer implemented natively: it runs in the trace worker beside the EVM, on the same hook
// sequence as a JavaScript tracer plus the transaction-start hook geth's native tracers have.
import type { Serialised, TxHooks } from '../evm/tx-hooks';
import type { TxStartEnv } from '../evm/tx-tracer';
import type { PartedOutcome } from '../evm/job';
import type { TargetTraits } from '../evm/target';

export interface BuiltinTracer extends TxHooks {
  /** The opcodes whose `step` the tracer needs ('all' for every step); the EVM runs the others untapped.
   * Call types of `enter` come from the CALL/CREATE family's steps, so a tracer that reads them lists those. */
  readonly steps: 'all' | readonly number[];
  txStart?(env: TxStartEnv): void;
  result(): Serialised | PartedOutcome;
}

/** Builds a tracer from its raw `tracerConfig` JSON text (undefined when absent) for the job's target, or
 * says why it cannot. */
export type BuiltinFactory = (
  config: string | undefined,
  traits: TargetTraits,
  /** The largest result the node sends (only the struct logger's can grow past it). */
  maxResultBytes?: number,
) => BuiltinTracer | { error: string };
