// Debug runs only: what a debugger shows for the tracer API's objects (log and its parts, db, ctx, the call
// frame and frame result). VS Code's JavaScript debugger calls an object's `Symbol.for('debug.description')`
// method for its one-line description and `Symbol.for('debug.properties')` for the properties it lists
// instead of the object's own: here the API's methods with their current values (`getPC()`: 12), not the
// closures that implement them. Defined here, inside the realm, from the step state and the bridge: the
// debugger sees fresh objects of this realm holding primitives and the API's own objects, never a host
// object. They read without the failure guard, so looking at a value can never fail the trace. The
// debugger calls them with side effects forbidden, which V8 enforces strictly (no write to a typed array or
// defineProperty, even on a fresh object; no Buffer on the host's side): they only read, and build plain
// objects and strings. Normal runs do not get them, so tracer-visible objects stay as geth's.
import type { Env } from './env';
import { byteStringToHex, bytesToHexString } from './bytes';
import type { FrameState } from './frames';
import { ObjectCreate, ObjectDefineProperty, ObjectKeys, StringPrototypeSlice, Uint8ArrayCtor } from './intrinsics';
import type { StepState } from './step-state';

const description = Symbol.for('debug.description');
const properties = Symbol.for('debug.properties');
/** Stack items a description shows, from the top. */
const describedItems = 4;
/** Stack items and memory words the properties list; the rest is counted. */
const listedItems = 64;
/** Bytes shown of a byte value (input, code, output); the rest is counted. */
const shownBytes = 4096;

interface ApiObjects {
  log: { op: object; stack: object; memory: object; contract: object };
  db: object;
  ctx: Record<string, unknown>;
  callFrame: object;
  frameResult: object;
}

type Listing = Record<string, unknown>;

function define(target: object, key: symbol, value: () => unknown): void {
  ObjectDefineProperty(target, key, { value, writable: false, enumerable: false, configurable: false });
}

/** What the debugger lists for `target`: a fresh object without a prototype, filled by `fill`. */
function listAs(target: object, fill: (listing: Listing) => void): void {
  define(target, properties, () => {
    const listing = ObjectCreate(null) as Listing;
    fill(listing);
    return listing;
  });
}

function hexOf(bytes: string): string {
  const text = byteStringToHex(bytes.length > shownBytes ? StringPrototypeSlice(bytes, 0, shownBytes) : bytes);
  return bytes.length > shownBytes ? `${text}… (${bytes.length} bytes)` : text;
}

export function definePreviews(api: ApiObjects, s: StepState, f: FrameState, env: Env): void {
  const { log, db, ctx, callFrame, frameResult } = api;
  const { bridge } = env;
  const hex = (item: number | string) => `0x${(env.bigInt(item) as { toString(radix: number): string }).toString(16)}`;

  define(
    log,
    description,
    () => `${s.opName} pc=${s.pc} gas=${s.gas} cost=${s.cost} depth=${s.depth}${s.error === undefined ? '' : ` error=${s.error}`}`,
  );
  listAs(log, (l) => {
    l.op = log.op;
    l.stack = log.stack;
    l.memory = log.memory;
    l.contract = log.contract;
    l['getPC()'] = s.pc;
    l['getGas()'] = s.gas;
    l['getCost()'] = s.cost;
    l['getDepth()'] = s.depth;
    l['getRefund()'] = s.refund;
    l['getError()'] = s.error;
  });

  define(log.op, description, () => `${s.opName} (${hex(s.op)})`);
  listAs(log.op, (l) => {
    l['toString()'] = s.opName;
    l['toNumber()'] = s.op;
    l['isPush()'] = s.op >= 0x5f && s.op <= 0x7f;
  });

  define(log.stack, description, () => {
    let items = '';
    for (let i = 0; i < s.stackLength && i < describedItems; i++) items += `${i === 0 ? '' : ', '}${hex(bridge.stackItem(i))}`;
    return `Stack(${s.stackLength}) [${items}${s.stackLength > describedItems ? ', …' : ''}] (top first)`;
  });
  listAs(log.stack, (l) => {
    l['length()'] = s.stackLength;
    for (let i = 0; i < s.stackLength && i < listedItems; i++) l[`peek(${i})`] = hex(bridge.stackItem(i));
    if (s.stackLength > listedItems) l['…'] = `${s.stackLength - listedItems} more items`;
  });

  define(log.memory, description, () => `Memory(${s.memoryLength} bytes)`);
  listAs(log.memory, (l) => {
    l['length()'] = s.memoryLength;
    const words = Math.floor(s.memoryLength / 32);
    for (let i = 0; i < words && i < listedItems; i++) l[`getUint(${i * 32})`] = `0x${bridge.memoryWord(i * 32)}`;
    if (words > listedItems) l['…'] = `${s.memoryLength - listedItems * 32} more bytes`;
  });

  define(log.contract, description, () => `Contract ${hexOf(bridge.contractAddress())}`);
  listAs(log.contract, (l) => {
    l['getAddress()'] = hexOf(bridge.contractAddress());
    l['getCaller()'] = hexOf(bridge.contractCaller());
    l['getValue()'] = `${bridge.contractValue()}`;
    l['getInput()'] = hexOf(bridge.contractInput());
  });

  define(db, description, () => 'db: state reads (getBalance, getNonce, getCode, getState, exists)');
  listAs(db, (l) => {
    l['getBalance(address)'] = 'bigInt: the balance in wei';
    l['getNonce(address)'] = 'number: the nonce';
    l['getCode(address)'] = 'Uint8Array: the code';
    l['getState(address, slot)'] = 'Uint8Array: the 32-byte value in the slot';
    l['exists(address)'] = 'boolean: whether the account exists';
  });

  // ctx is a plain object the tracer may change: its fields as they are, bytes in hex. (instanceof, not
  // the typed array's tag getter, which V8 counts as a side effect.)
  const shown = (value: unknown) => {
    if (!(value instanceof Uint8ArrayCtor)) return value;
    try {
      return bytesToHexString(value);
    } catch {
      return value; // an object that only claims to be a Uint8Array
    }
  };
  listAs(ctx, (l) => {
    const keys = ObjectKeys(ctx);
    for (let i = 0; i < keys.length; i++) l[keys[i]] = shown(ctx[keys[i]]);
  });

  define(callFrame, description, () => `${f.type} ${hexOf(bridge.frameFrom())} → ${hexOf(bridge.frameTo())} gas=${f.gas}`);
  listAs(callFrame, (l) => {
    l['getType()'] = f.type;
    l['getFrom()'] = hexOf(bridge.frameFrom());
    l['getTo()'] = hexOf(bridge.frameTo());
    l['getInput()'] = hexOf(bridge.frameInput());
    l['getGas()'] = f.gas;
    const value = bridge.frameValue();
    l['getValue()'] = value === undefined ? undefined : `${value}`;
  });

  define(frameResult, description, () => `gasUsed=${f.gasUsed}${f.error === undefined ? '' : ` error=${f.error}`}`);
  listAs(frameResult, (l) => {
    l['getGasUsed()'] = f.gasUsed;
    l['getOutput()'] = hexOf(bridge.frameOutput());
    l['getError()'] = f.error;
  });
}
