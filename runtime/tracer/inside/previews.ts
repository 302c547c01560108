// Debug runs only: what a debugger shows for `log` and its parts, by the `Symbol.for('debug.description')`
// method VS Code's JavaScript debugger calls for an object's description (bigInts already show their decimal
// value through their own toString). Defined here, inside the realm, from the step state and the bridge: the
// debugger sees previews, never a host object. They read without the failure guard, so looking at a value in
// the debugger can never fail the trace; normal runs do not get them, so tracer-visible objects stay as geth's.
import type { Env } from './env';
import { bytesToHexString, fromByteString } from './bytes';
import { ObjectDefineProperty } from './intrinsics';
import type { StepState } from './step-state';

const description = Symbol.for('debug.description');
/** Stack items a preview shows, from the top. */
const shownItems = 4;

type Log = { op: object; stack: object; memory: object; contract: object };

function describeAs(target: object, text: () => string): void {
  ObjectDefineProperty(target, description, { value: text, writable: false, enumerable: false, configurable: false });
}

export function definePreviews(log: Log, s: StepState, env: Env): void {
  const hex = (item: number | string) => `0x${(env.bigInt(item) as { toString(radix: number): string }).toString(16)}`;
  describeAs(log, () => `${s.opName} pc=${s.pc} gas=${s.gas} cost=${s.cost} depth=${s.depth}${s.error === undefined ? '' : ` error=${s.error}`}`);
  describeAs(log.op, () => `${s.opName} (${hex(s.op)})`);
  describeAs(log.stack, () => {
    let items = '';
    for (let i = 0; i < s.stackLength && i < shownItems; i++) items += `${i === 0 ? '' : ', '}${hex(env.bridge.stackItem(i))}`;
    return `Stack(${s.stackLength}) [${items}${s.stackLength > shownItems ? ', …' : ''}] (top first)`;
  });
  describeAs(log.memory, () => `Memory(${s.memoryLength} bytes)`);
  describeAs(log.contract, () => `Contract ${bytesToHexString(fromByteString(env.bridge.contractAddress()))}`);
}
