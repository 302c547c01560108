// What the EVM event translator (trace-tx.ts) drives for one transaction, in geth's hook order: the JS
// tracer host implements it, and so does every built-in tracer.
import type { EnterView, ExitView, StepView, TxContextView } from './views';

export interface TxHooks {
  /** Transaction-level facts as they become known (the top frame's call, then its output and gas used). */
  setContext(fields: TxContextView): void;
  /** Before an opcode runs (geth's cost and error already worked out). */
  step(view: StepView): void;
  /** The opcode of the frame's last step failed while executing; `view` is that step with the error set. */
  fault(view: StepView): void;
  /** A nested frame starts (never the top frame: that is `setContext`). */
  enter(view: EnterView): void;
  exit(view: ExitView): void;
  /** A call or creation failed its checks before it ran, on a target that gives it no frame (coreth): the
   * frame that made it has no return data now. */
  failedCheck?(): void;
  /** The transaction's top-level creation failed its address collision check, on a target that then tells its
   * tracers nothing of the call (coreth: no CaptureStart, no CaptureEnd): what `setContext` said of the
   * transaction and its call is void; its gas used still follows. */
  topFailedCheck?(): void;
}

/** `tooLarge`: the result grew past the node's response limit while it was built. */
export type Serialised = { json: string } | { error: string; tooLarge?: true };
