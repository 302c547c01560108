// What every tracer-facing object of the realm is built on: the shielded bridge, the failure guard, the
// record of host strings, and the realm's bigInt.
import type { BigIntFactory, Bridge, Quantity } from '../bridge';
import type { Guard } from './failures';
import { ObjectCreate, StringPrototypeCharCodeAt } from './intrinsics';

export interface Env {
  bridge: Bridge;
  guard: Guard;
  /** Marks a string as handed out by the host (see `isHostString`) and returns it. */
  note(text: string): string;
  isHostString(text: string): boolean;
  bigInt(value: Quantity, radix?: number): object;
}

const hostFunctionFailed = 'host function failed';

/** A host exception's message, read as a primitive; the exception object itself never reaches the tracer. */
function hostMessage(error: unknown): string {
  try {
    const message = (error as { message?: unknown }).message;
    return typeof message === 'string' ? message : hostFunctionFailed;
  } catch {
    return hostFunctionFailed;
  }
}

/** Each bridge function behind a guard: anything the host throws (a stack overflow in it, say) ends the
 * trace with its message instead of handing a host error object to tracer code. */
function shield(bridge: Bridge, guard: Guard): Bridge {
  const out = ObjectCreate(null) as Record<string, unknown>;
  for (const key in bridge) {
    const fn = (bridge as unknown as Record<string, (a?: unknown, b?: unknown, c?: unknown) => unknown>)[key];
    out[key] = (a?: unknown, b?: unknown, c?: unknown) => {
      try {
        return fn(a, b, c);
      } catch (error) {
        return guard.fail(hostMessage(error));
      }
    };
  }
  return out as unknown as Bridge;
}

export function createEnv(bridge: Bridge, guard: Guard, bigInt: BigIntFactory): Env {
  // geth returns host strings to goja as Go-backed values: returned bare from `result`, one longer than 16
  // characters or with non-ASCII text serialises as `{}` (spec §3.8), while any string the tracer derives
  // from one (`+ ''`, a template, slice) is its own. JS strings carry no origin, so the values that would be
  // affected are remembered (null prototype: no key is inherited); the host's reading of `result`'s returns
  // (host/fresh-returns.ts) then says whether a top-level string can be one of them at all.
  const hostStrings = ObjectCreate(null) as Record<string, true>;
  return {
    bridge: shield(bridge, guard),
    guard,
    note(text) {
      if (text.length > 16 || !isAscii(text)) hostStrings[text] = true;
      return text;
    },
    isHostString: (text) => hostStrings[text] === true,
    bigInt: (value, radix) => (radix === undefined ? bigInt(value) : bigInt(value, radix)),
  };
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (StringPrototypeCharCodeAt(text, i) > 0x7f) return false;
  return true;
}
