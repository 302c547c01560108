// geth's 4byteTracer: how often each 4-byte selector was called with each argument size, over the
// transaction's message calls (the top call too) to non-precompile accounts: {"0x<id>-<size>": count}.
// geth v1.13's (coreth's) counts the top call's input whatever it is: a creation's init code, a precompile's input.
import { bytesToHex } from '@ethereumjs/util';
import type { BuiltinFactory } from './builtin-tracer';
import { callOpcodes } from './call-frames';
import { hexBytes } from './json-hex';

const callTypes = new Set(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL']);

export const fourByteTracer: BuiltinFactory = (_config, traits) => {
  const ids = new Map<string, number>();
  let precompiles = new Set<string>();
  function store(input: Uint8Array): void {
    if (input.length < 4) return;
    const key = `${hexBytes(input.subarray(0, 4))}-${input.length - 4}`;
    ids.set(key, (ids.get(key) ?? 0) + 1);
  }
  function count(type: string, to: Uint8Array, input: Uint8Array): void {
    if (callTypes.has(type) && !precompiles.has(bytesToHex(to))) store(input);
  }
  const anyTopInput = traits.builtins === 'geth-1.13';
  return {
    steps: callOpcodes,
    txStart(env) {
      precompiles = new Set(env.precompiles.map((a) => bytesToHex(a)));
    },
    setContext(fields) {
      if (fields.type === undefined) return;
      if (anyTopInput) store(fields.input ?? new Uint8Array(0));
      else if (fields.to !== undefined) count(fields.type, fields.to, fields.input ?? new Uint8Array(0));
    },
    step() {},
    fault() {},
    enter: (view) => count(view.type, view.to, view.input),
    exit() {},
    // geth v1.13 counts the top call's input when the call starts: one that never started counts nothing.
    topFailedCheck: () => ids.clear(),
    // Go marshals a map with its keys sorted.
    result: () => ({ json: JSON.stringify(Object.fromEntries([...ids].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))) }),
  };
};
