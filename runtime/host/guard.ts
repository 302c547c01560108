// geth reports host-function errors (out-of-bound reads, bad buffer types) by interrupting the JS VM, so
// the tracer's own try/catch cannot catch them. Here the first such error is recorded and a sentinel is
// thrown; if the tracer catches it anyway, every later host call throws again and, when the hook returns,
// the recorded error ends the trace.
import { tracerFrame } from './location';

export interface HostFailure {
  message: string;
  /** `fn (<eval>:L:C)` of the tracer code that made the failing host call. */
  where: string | undefined;
}

export class HostGuard {
  failure: HostFailure | undefined;
  private sentinel: unknown;

  constructor(makeSentinel: (message: string) => unknown) {
    this.sentinel = makeSentinel('host function failed');
  }

  fail(message: string): never {
    if (!this.failure) {
      const stack = new Error().stack;
      this.failure = { message, where: tracerFrame(stack) };
    }
    throw this.sentinel;
  }

  /** Called on entry of every host function: a recorded failure keeps aborting the tracer. */
  check(): void {
    if (this.failure) throw this.sentinel;
  }
}
