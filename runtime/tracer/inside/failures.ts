// How tracer failures become geth's error texts (spec §1.2, §3.7): where in the tracer an error happened,
// `<value> at <where>` for thrown values, and geth's uncatchable host-function errors. geth reports a
// host-function error (out-of-bound read, bad buffer type) by interrupting the VM, so the tracer's own
// try/catch cannot swallow it: here the first one is recorded and a sentinel thrown; a tracer that catches
// the sentinel finds every later API call throwing it again, and the recorded error ends the trace.
import {
  ErrorCtor,
  ObjectPrototypeToString,
  RegExpPrototypeExec,
  StringCtor,
  StringPrototypeIndexOf,
  StringPrototypeLastIndexOf,
  StringPrototypeSlice,
} from './intrinsics';

// Frames of the wrapped tracer (`<eval>`) and of the BigInteger.js library (`bigInt`); V8 positions refer to
// the wrapped text `(`+source+`)`, as geth's do. goja's bytecode index `(N)` has no V8 equivalent. A debug run
// compiles the tracer under its file's URL instead, with the file's own positions.
const framePattern = /^\s*at (?:(.*?) \()?((?:<eval>|bigInt|file:\/\/\S+?):\d+:\d+)\)?$/;

/** The innermost tracer frame of a V8 stack text, as `fn (<eval>:L:C)` or `<eval>:L:C`. */
function tracerFrame(stack: string): string | undefined {
  let at = 0;
  while (at < stack.length) {
    const newline = StringPrototypeIndexOf(stack, '\n', at);
    const end = newline < 0 ? stack.length : newline;
    const m = RegExpPrototypeExec(framePattern, StringPrototypeSlice(stack, at, end));
    at = end + 1;
    if (!m) continue;
    const name = functionName(m[1]);
    return name ? `${name} (${m[2]})` : m[2];
  }
  return undefined;
}

function startsWith(text: string, prefix: string): boolean {
  return StringPrototypeSlice(text, 0, prefix.length) === prefix;
}

/** V8 prints `Object.step`, `new Foo` or `x [as step]` where goja prints `step` / `Foo`. */
function functionName(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let bare = raw;
  if (startsWith(bare, 'new ')) bare = StringPrototypeSlice(bare, 4);
  if (startsWith(bare, 'async ')) bare = StringPrototypeSlice(bare, 6);
  const alias = StringPrototypeIndexOf(bare, ' [as ');
  if (alias >= 0) bare = StringPrototypeSlice(bare, 0, alias);
  const last = StringPrototypeSlice(bare, StringPrototypeLastIndexOf(bare, '.') + 1);
  return last === '<anonymous>' || last === '' ? undefined : last;
}

/** 1-based line:column of a character offset. */
export function offsetToLocation(text: string, offset: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (text[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return `${line}:${offset - lineStart + 1}`;
}

function describe(value: unknown): string {
  try {
    return StringCtor(value);
  } catch {
    try {
      return ObjectPrototypeToString(value);
    } catch {
      return '[object Object]';
    }
  }
}

/** goja's `<value as string> at <where>` for a value thrown by tracer code. */
export function thrownText(error: unknown, fallback: string | undefined): string {
  const message = describe(error);
  let where: string | undefined;
  if (typeof error === 'object' && error !== null) {
    try {
      const stack = (error as { stack?: unknown }).stack;
      where = typeof stack === 'string' ? tracerFrame(stack) : undefined;
    } catch {
      where = undefined;
    }
  }
  where ??= fallback;
  return where ? `${message} at ${where}` : message;
}

export interface Guard {
  /** Records geth's error (the first one wins) and aborts the tracer's code. */
  fail(message: string): never;
  /** On entry of every API function: a recorded failure keeps aborting the tracer. */
  check(): void;
  /** The recorded failure as geth's text (`<message> at <where>`), if any. */
  failure(fallback: string | undefined): string | undefined;
  /** Forgets the recorded failure (goja clears an interrupt once it has ended the running hook). */
  clear(): void;
  /** Records that the node would have crashed (a Go panic: the whole request fails) and aborts. */
  crash(): never;
  crashed(): boolean;
}

export function createGuard(): Guard {
  const sentinel = new ErrorCtor('host function failed');
  let recorded: { message: string; where: string | undefined } | undefined;
  let crashed = false;
  return {
    fail(message) {
      if (!recorded) {
        const stack = new ErrorCtor().stack;
        recorded = { message, where: typeof stack === 'string' ? tracerFrame(stack) : undefined };
      }
      throw sentinel;
    },
    check() {
      if (recorded) throw sentinel;
    },
    failure(fallback) {
      if (!recorded) return undefined;
      const where = recorded.where ?? fallback;
      return where ? `${recorded.message} at ${where}` : recorded.message;
    },
    clear() {
      recorded = undefined;
    },
    crash() {
      crashed = true;
      throw sentinel;
    },
    crashed: () => crashed,
  };
}
