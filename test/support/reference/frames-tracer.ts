// A custom JS tracer that records every call frame (enter/exit hooks) as a flat list, and the same list
// read from a callTracer result: on one node the two must agree, so a custom tracer is checked against the
// node's own built-in one rather than against numbers written into the test.
import { call } from '../../runtime/node-helpers';

export const framesTracer = `{
  frames: [],
  open: [],
  enter: function (frame) {
    this.open.push(this.frames.length);
    this.frames.push({ depth: this.open.length, type: frame.getType(), to: toHex(frame.getTo()), gas: frame.getGas() });
  },
  exit: function (result) {
    var frame = this.frames[this.open.pop()];
    frame.gasUsed = result.getGasUsed();
    if (result.getError() !== undefined) frame.error = result.getError();
  },
  fault: function (log, db) {},
  result: function (ctx, db) {
    return { type: ctx.type, to: toHex(ctx.to), gasUsed: ctx.gasUsed, frames: this.frames };
  }
}
`;

export interface CallFrame {
  type: string;
  to?: string;
  gas: string;
  gasUsed: string;
  error?: string;
  calls?: CallFrame[];
}

export interface FramesResult {
  type: string;
  to: string;
  gasUsed: number;
  frames: { depth: number; type: string; to: string; gas: number; gasUsed: number; error?: string }[];
}

/** What framesTracer returns for the transaction whose callTracer result is `top`. */
export function framesOf(top: CallFrame): FramesResult {
  const frames: FramesResult['frames'] = [];
  const walk = (frame: CallFrame, depth: number) => {
    frames.push({
      depth,
      type: frame.type,
      to: frame.to!,
      gas: Number(frame.gas),
      gasUsed: Number(frame.gasUsed),
      ...(frame.error === undefined ? {} : { error: frame.error }),
    });
    for (const inner of frame.calls ?? []) walk(inner, depth + 1);
  };
  for (const inner of top.calls ?? []) walk(inner, 1);
  return { type: top.type, to: top.to!, gasUsed: Number(top.gasUsed), frames };
}

/** The node's own callTracer (with logs) and prestateTracer results for a transaction, asked directly. */
export async function builtinTraces(url: string, hash: string): Promise<{ callTrace: CallFrame; prestate: Record<string, unknown> }> {
  return {
    callTrace: await call<CallFrame>(url, 'debug_traceTransaction', [hash, { tracer: 'callTracer', tracerConfig: { withLog: true } }]),
    prestate: await call<Record<string, unknown>>(url, 'debug_traceTransaction', [hash, { tracer: 'prestateTracer' }]),
  };
}
