// Names and decoded arguments for call frames, logs and revert data, from a name table (workspace ABIs and
// the built-in signatures). Never throws: data that does not decode is shown raw.
import { decodeParams, hexToBytes, type AbiValue, type DecodedArg } from '../core/abi/codec';
import { eventFor, type NameTable } from '../core/abi/names';
import { signatureOf } from '../core/abi/signature';
import type { AbiParam } from '../core/abi/types';
import type { CallFrame, CallLog } from './shapes';

export interface DecodedCall {
  selector?: string;
  /** `name(type,…)` when known. */
  signature?: string;
  name?: string;
  args?: DecodedArg[];
}

export function selectorOfInput(input: string | undefined): string | undefined {
  return input && /^0x[0-9a-fA-F]{8}/.test(input) ? input.slice(0, 10).toLowerCase() : undefined;
}

function tryDecode(params: AbiParam[], hex: string): DecodedArg[] | undefined {
  try {
    return decodeParams(params, hexToBytes(hex));
  } catch {
    return undefined;
  }
}

export function decodeFrame(frame: CallFrame, names: NameTable): DecodedCall {
  // A CREATE's input is init code, not a call.
  const selector = frame.type.startsWith('CREATE') ? undefined : selectorOfInput(frame.input);
  if (!selector) return {};
  const fn = names.functions[selector];
  if (!fn) return { selector };
  return { selector, signature: signatureOf(fn), name: fn.name, args: tryDecode(fn.inputs, `0x${(frame.input as string).slice(10)}`) };
}

/** Why a frame reverted: its revertReason, else Error(string) / Panic / a known custom error in its output. */
export function revertText(frame: CallFrame, names: NameTable): string | undefined {
  if (frame.revertReason) return frame.revertReason;
  const selector = selectorOfInput(frame.output);
  const error = selector ? names.errors[selector] : undefined;
  if (!error || !frame.output) return undefined;
  const args = tryDecode(error.inputs, `0x${frame.output.slice(10)}`);
  if (!args) return undefined;
  if (error.name === 'Error' && typeof args[0]?.value === 'string') return args[0].value;
  return `${error.name}(${args.map((a) => formatValue(a.value)).join(', ')})`;
}

export function decodeLog(log: CallLog, names: NameTable): DecodedCall {
  const topic = log.topics[0];
  const event = topic ? eventFor(names, topic, log.topics.length) : undefined;
  if (!event) return {};
  const indexed = event.inputs.filter((i) => i.indexed);
  const args: DecodedArg[] = [];
  const data = tryDecode(event.inputs.filter((i) => !i.indexed), log.data ?? '0x');
  let topicIndex = 1;
  let dataIndex = 0;
  for (const input of event.inputs) {
    const value = input.indexed ? tryDecode([input], log.topics[topicIndex++] ?? '0x')?.[0]?.value : data?.[dataIndex++]?.value;
    args.push({ name: input.name, type: '', value: value ?? '?' });
  }
  return { name: event.name, signature: signatureOf(event), args: indexed.length + 1 === log.topics.length ? args : undefined };
}

export function formatValue(value: AbiValue): string {
  if (Array.isArray(value)) return `[${value.map(formatValue).join(', ')}]`;
  return String(value);
}

/** `name(arg, …)` or `name(a: 1, …)` with argument names when the ABI has them. */
export function callText(decoded: DecodedCall): string | undefined {
  if (!decoded.name) return decoded.selector;
  if (!decoded.args) return decoded.signature;
  return `${decoded.name}(${decoded.args.map((a) => (a.name ? `${a.name}: ${formatValue(a.value)}` : formatValue(a.value))).join(', ')})`;
}
