// Recognises the result shapes the report draws: call trees (geth callTracer output and the flat,
// parity-style list of flatCallTracer turned into a tree), count maps and {pre, post} prestate diffs, at the
// root or in sub-objects. Pure data code, shared by the browser and Node.
import { opcodeByName } from '../core/api/opcodes';

export interface CallLog {
  address?: string;
  topics: string[];
  data?: string;
}

export interface CallFrame {
  type: string;
  from?: string;
  to?: string;
  value?: string;
  gas?: number;
  gasUsed: number;
  input?: string;
  output?: string;
  error?: string;
  revertReason?: string;
  logs: CallLog[];
  calls: CallFrame[];
}

export interface CountEntry {
  key: string;
  value: number;
  /** As the result spelled it (hex strings stay hex). */
  text: string;
}

export interface AccountState {
  balance?: string;
  nonce?: number | string;
  code?: string;
  storage?: Record<string, string>;
}

export interface PrestateDiff {
  pre: Record<string, AccountState>;
  post: Record<string, AccountState>;
}

type Shape =
  | { kind: 'calls'; root: CallFrame; frameCount: number; flat: boolean }
  /** `comparable`: the keys name things of one kind (opcodes, addresses, …), so shares of a total mean something. */
  | { kind: 'counts'; entries: CountEntry[]; comparable: boolean }
  | { kind: 'prestate'; diff: PrestateDiff };

export interface FoundShape {
  /** Where in the result, as a JSON path (`$` for the root). */
  path: string;
  shape: Shape;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A quantity as JSON-RPC spells it (0x hex string) or a plain non-negative number. */
function quantity(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  if (/^0x[0-9a-fA-F]+$/.test(value)) return Number(BigInt(value));
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value);
  return undefined;
}

const optionalString = (value: unknown) => (typeof value === 'string' ? value : undefined);

function logsOf(value: unknown): CallLog[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).map((log) => ({
    address: optionalString(log.address),
    topics: Array.isArray(log.topics) ? log.topics.filter((t): t is string => typeof t === 'string') : [],
    data: optionalString(log.data),
  }));
}

/** One geth callTracer frame without its callees (`calls` empty), or undefined when it does not fit. */
function gethFrame(value: unknown): CallFrame | undefined {
  if (!isObject(value) || typeof value.type !== 'string') return undefined;
  const gasUsed = quantity(value.gasUsed);
  if (gasUsed === undefined || !('from' in value || 'to' in value || 'input' in value)) return undefined;
  if (value.calls !== undefined && !Array.isArray(value.calls)) return undefined;
  return {
    type: value.type,
    from: optionalString(value.from),
    to: optionalString(value.to),
    value: optionalString(value.value),
    gas: quantity(value.gas),
    gasUsed,
    input: optionalString(value.input),
    output: optionalString(value.output),
    error: optionalString(value.error),
    revertReason: optionalString(value.revertReason),
    logs: logsOf(value.logs),
    calls: [],
  };
}

/**
 * A geth callTracer tree of at most MAX_FRAMES frames; undefined as soon as one frame does not fit. Walked
 * with a stack, not recursion: a custom tracer's tree can be any depth.
 */
function gethTree(value: unknown): CallFrame | undefined {
  const root = gethFrame(value);
  if (!root) return undefined;
  let frames = 1;
  const pending: Array<{ raw: unknown; frame: CallFrame }> = [{ raw: value, frame: root }];
  while (pending.length > 0) {
    const { raw, frame } = pending.pop() as { raw: unknown; frame: CallFrame };
    const children = ((raw as Json).calls ?? []) as unknown[];
    frames += children.length;
    if (frames > MAX_FRAMES) return undefined;
    for (const child of children) {
      const callee = gethFrame(child);
      if (!callee) return undefined;
      frame.calls.push(callee);
      pending.push({ raw: child, frame: callee });
    }
  }
  return root;
}

/** One entry of the parity-style flat list (flatCallTracer, trace_* APIs). */
function flatFrame(value: unknown): { address: number[]; frame: CallFrame } | undefined {
  if (!isObject(value) || !isObject(value.action) || !Array.isArray(value.traceAddress) || typeof value.type !== 'string') return undefined;
  if (!value.traceAddress.every((i) => Number.isInteger(i) && (i as number) >= 0)) return undefined;
  const action = value.action;
  const result = isObject(value.result) ? value.result : {};
  const type =
    value.type === 'call'
      ? String(action.callType ?? 'call').toUpperCase()
      : value.type === 'suicide'
        ? 'SELFDESTRUCT'
        : String(action.creationMethod ?? value.type).toUpperCase();
  return {
    address: value.traceAddress as number[],
    frame: {
      type,
      from: optionalString(action.from ?? action.address),
      to: optionalString(action.to ?? result.address ?? action.refundAddress),
      value: optionalString(action.value ?? action.balance),
      gas: quantity(action.gas),
      gasUsed: quantity(result.gasUsed) ?? 0,
      input: optionalString(action.input ?? action.init),
      output: optionalString(result.output ?? result.code),
      error: optionalString(value.error),
      revertReason: optionalString(value.revertReason),
      logs: [],
      calls: [],
    },
  };
}

/** The flat list as a tree: each entry's traceAddress names its place under the first entry. */
function flatTree(value: unknown): { root: CallFrame; count: number } | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const entries = value.map(flatFrame);
  if (entries.some((e) => e === undefined)) return undefined;
  const [first, ...rest] = entries as Array<{ address: number[]; frame: CallFrame }>;
  if (first.address.length !== 0) return undefined;
  for (const { address, frame } of rest) {
    let parent = first.frame;
    for (const index of address.slice(0, -1)) {
      const next = parent.calls[index];
      if (!next) return undefined;
      parent = next;
    }
    if (address.at(-1) !== parent.calls.length) return undefined;
    parent.calls.push(frame);
  }
  return { root: first.frame, count: entries.length };
}

export function countFrames(frame: CallFrame): number {
  let count = 0;
  const stack = [frame];
  while (stack.length > 0) {
    const next = stack.pop() as CallFrame;
    count++;
    // One by one: spreading a long list of callees as arguments would overflow the stack.
    for (const child of next.calls) stack.push(child);
  }
  return count;
}

const MAX_FRAMES = 200_000;

function callShape(value: unknown): Shape | undefined {
  const flat = flatTree(value);
  if (flat) return { kind: 'calls', root: flat.root, frameCount: flat.count, flat: true };
  const root = gethTree(value);
  return root ? { kind: 'calls', root, frameCount: countFrames(root), flat: false } : undefined;
}

/** A count: a number or numeric string up to 2^53 (so addresses and 32-byte words are not counts). */
function count(value: unknown): number | undefined {
  if (typeof value === 'string' && value.length > 18) return undefined;
  const number = quantity(value);
  return number !== undefined && number <= Number.MAX_SAFE_INTEGER ? number : undefined;
}

/**
 * A key that names a measure (gas, steps, gasUsed) rather than a thing counted (an opcode, an address, a
 * selector, a signature): a plain lower- or camelCase word that is not an opcode's name (call, sload).
 */
const namesMeasure = (key: string) => /^[a-z][A-Za-z0-9_]*$/.test(key) && !opcodeByName(key.toUpperCase());

function countShape(value: unknown): Shape | undefined {
  if (!isObject(value)) return undefined;
  const entries: CountEntry[] = [];
  for (const [key, raw] of Object.entries(value)) {
    const number = count(raw);
    if (number === undefined) return undefined;
    entries.push({ key, value: number, text: String(raw) });
  }
  return entries.length > 0 ? { kind: 'counts', entries, comparable: !entries.some((entry) => namesMeasure(entry.key)) } : undefined;
}

function accounts(value: unknown): Record<string, AccountState> | undefined {
  if (!isObject(value)) return undefined;
  for (const account of Object.values(value)) {
    if (!isObject(account)) return undefined;
    if (Object.keys(account).some((key) => !['balance', 'nonce', 'code', 'storage', 'codeHash'].includes(key))) return undefined;
    if (account.storage !== undefined && !isObject(account.storage)) return undefined;
  }
  return value as Record<string, AccountState>;
}

function prestateShape(value: unknown): Shape | undefined {
  if (!isObject(value) || Object.keys(value).length !== 2) return undefined;
  const pre = accounts(value.pre);
  const post = accounts(value.post);
  return pre && post ? { kind: 'prestate', diff: { pre, post } } : undefined;
}

function shapeOf(value: unknown): Shape | undefined {
  return callShape(value) ?? prestateShape(value) ?? countShape(value);
}

export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** Every recognised shape, the root first, then sub-objects breadth-first (not inside a found shape). */
export function findShapes(result: unknown, limit = 12): FoundShape[] {
  const found: FoundShape[] = [];
  const queue: Array<{ path: string; value: unknown; depth: number }> = [{ path: '$', value: result, depth: 0 }];
  let visited = 0;
  while (queue.length > 0 && found.length < limit && visited < 5000) {
    const { path, value, depth } = queue.shift() as { path: string; value: unknown; depth: number };
    visited++;
    if (typeof value !== 'object' || value === null) continue;
    const shape = shapeOf(value);
    if (shape) {
      found.push({ path, shape });
      continue;
    }
    if (depth >= 6) continue;
    const children = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
    for (const [key, child] of children.slice(0, 200)) queue.push({ path: childPath(path, key), value: child, depth: depth + 1 });
  }
  return found;
}
