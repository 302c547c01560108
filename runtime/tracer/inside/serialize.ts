// How geth turns `result`'s return value into JSON (spec §3.8, §3.9): objects through JSON.stringify of the
// tracer's realm, as captured before the tracer ran (so replacing JSON.stringify changes nothing, as with
// geth's engine-internal marshalling); top-level primitives as Go marshals the exported value. Answers in
// the crossing form of RealmApi.result: `J<json>`, `S<string>` or `E<error>`.
import type { Env } from './env';
import { JSONStringify, NumberIsNaN, StringCtor, StringPrototypeIndexOf, StringPrototypeSlice } from './intrinsics';

/** `mayBeHostString`: whether a top-level string may be one the host handed out (see fresh-returns.ts). */
export function serialiseResult(value: unknown, env: Env, mayBeHostString: boolean): string {
  switch (typeof value) {
    case 'undefined':
    case 'symbol':
      return 'J{}';
    case 'boolean':
      return value ? 'Jtrue' : 'Jfalse';
    case 'number':
      if (NumberIsNaN(value)) return 'Ejson: unsupported value: NaN';
      if (value === Infinity || value === -Infinity) return `Ejson: unsupported value: ${value > 0 ? '+Inf' : '-Inf'}`;
      return value === 0 && 1 / value < 0 ? 'J-0' : `J${value}`;
    case 'string':
      return mayBeHostString && env.isHostString(value) ? 'J{}' : `S${value}`;
    case 'function':
      return 'Jnull';
    default:
      break;
  }
  if (value === null) return 'J{}';
  try {
    const text = JSONStringify(value);
    return text === undefined ? 'Jnull' : `J${text}`;
  } catch (error) {
    return `Ejson: error calling MarshalJSON for type *goja.Object: ${firstLine(errorText(error))}`;
  }
}

/** `Name: message` of an error of this realm (V8 adds lines about a cycle), else the value as text. */
function errorText(error: unknown): string {
  try {
    if (typeof error === 'object' && error !== null) {
      const e = error as { name?: unknown; message?: unknown };
      return `${StringCtor(e.name)}: ${StringCtor(e.message)}`;
    }
    return StringCtor(error);
  } catch {
    return 'error';
  }
}

function firstLine(text: string): string {
  const newline = StringPrototypeIndexOf(text, '\n');
  return newline < 0 ? text : StringPrototypeSlice(text, 0, newline);
}
