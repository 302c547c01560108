// Names and decoded arguments for call frames, logs and revert data, from a name table (workspace ABIs and
// the built-in signatures). Never throws: data that does not decode is shown raw, data whose decoding would
// exceed its budget (see core/abi/codec.ts) reads "not decoded: too large".
import { AbiTooLargeError, decodeParams, hexToBytes, TOO_LARGE, type AbiValue, type DecodedArg } from '../core/abi/codec';
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
  /** Known, but decoding its arguments would cost more than their budget. */
  tooLarge?: true;
}

function selectorOfInput(input: string | undefined): string | undefined {
  return input && /^0x[0-9a-fA-F]{8}/.test(input) ? input.slice(0, 10).toLowerCase() : undefined;
}

/** The arguments, TOO_LARGE beyond the budget, undefined when the data does not fit the types. */
function tryDecode(params: AbiParam[], hex: string): DecodedArg[] | typeof TOO_LARGE | undefined {
  try {
    return decodeParams(params, hexToBytes(hex));
  } catch (error) {
    return error instanceof AbiTooLargeError ? TOO_LARGE : undefined;
  }
}

/** The selector a frame calls; none for a CREATE, whose input is init code, not a call. */
export function frameSelector(frame: CallFrame): string | undefined {
  return frame.type.startsWith('CREATE') ? undefined : selectorOfInput(frame.input);
}

export function decodeFrame(frame: CallFrame, names: NameTable): DecodedCall {
  const selector = frameSelector(frame);
  if (!selector) return {};
  const fn = names.functions[selector];
  if (!fn) return { selector };
  const args = tryDecode(fn.inputs, `0x${(frame.input as string).slice(10)}`);
  return { selector, signature: signatureOf(fn), name: fn.name, ...(args === TOO_LARGE ? { tooLarge: true } : { args }) };
}

/** Why a frame reverted: its revertReason, else Error(string) / Panic / a known custom error in its output. */
export function revertText(frame: CallFrame, names: NameTable): string | undefined {
  if (frame.revertReason) return frame.revertReason;
  const selector = selectorOfInput(frame.output);
  const error = selector ? names.errors[selector] : undefined;
  if (!error || !frame.output) return undefined;
  const args = tryDecode(error.inputs, `0x${frame.output.slice(10)}`);
  if (!args) return undefined;
  if (args === TOO_LARGE) return `${error.name}(${TOO_LARGE})`;
  if (error.name === 'Error' && typeof args[0]?.value === 'string') return args[0].value;
  return `${error.name}(${args.map((a) => formatValue(a.value)).join(', ')})`;
}

export function decodeLog(log: CallLog, names: NameTable): DecodedCall {
  const topic = log.topics[0];
  const event = topic ? eventFor(names, topic, log.topics.length) : undefined;
  if (!event) return {};
  const named = { name: event.name, signature: signatureOf(event) };
  if (event.inputs.filter((i) => i.indexed).length + 1 !== log.topics.length) return named;
  const data = tryDecode(
    event.inputs.filter((i) => !i.indexed),
    log.data ?? '0x',
  );
  if (data === TOO_LARGE) return { ...named, tooLarge: true };
  let topicIndex = 1;
  let dataIndex = 0;
  const args = event.inputs.map((input) => {
    const value = input.indexed ? topicValue(input, log.topics[topicIndex++]) : data?.[dataIndex++]?.value;
    return { name: input.name, type: '', value: value ?? '?' };
  });
  return { ...named, args };
}

function topicValue(input: AbiParam, topic: string | undefined): AbiValue | undefined {
  const decoded = tryDecode([input], topic ?? '0x');
  return Array.isArray(decoded) ? decoded[0]?.value : undefined;
}

function formatValue(value: AbiValue): string {
  if (Array.isArray(value)) return `[${value.map(formatValue).join(', ')}]`;
  return String(value);
}

/** `name(arg, …)` or `name(a: 1, …)` with argument names when the ABI has them. */
export function callText(decoded: DecodedCall): string | undefined {
  if (!decoded.name) return decoded.selector;
  if (decoded.tooLarge) return `${decoded.name}(${TOO_LARGE})`;
  if (!decoded.args) return decoded.signature;
  return `${decoded.name}(${decoded.args.map((a) => (a.name ? `${a.name}: ${formatValue(a.value)}` : formatValue(a.value))).join(', ')})`;
}
