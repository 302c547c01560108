// geth's struct logger, the tracer of a debug_trace* request that names none: one entry per opcode with
// geth's fields and formats (logger.go's legacy JSON), written as text chunks while the EVM runs so that a
// long trace never sits on the heap whole (geth keeps all entries in memory; a 512 MB worker could not).
// geth v1.13's (coreth's) writes memory and storage words and the return value without `0x`, `"memory":[]`
// for an empty memory, no return value after a failure other than a revert, and counts `limit` in entries.
import { bytesToHex, setLengthLeft } from '@ethereumjs/util';
import type { TxContextView, StepView, EnterView, ExitView } from '../evm/views';
import type { StateReader } from '../state/state-reader';
import { goJson } from '../tracer/host/result-json';
import type { BuiltinFactory, BuiltinTracer } from './builtin-tracer';
import { targetOpcodeName } from '../evm/target-texts';
import type { TargetTraits } from '../evm/target';
import { TextChunks } from './text-chunks';
import { op } from '../../core/api/opcodes';

/** `tracer` of a job that runs the struct logger (a request without one); its options are `tracerConfig`. */
export const structLoggerTracer = '';

interface StructLoggerConfig {
  disableStack?: boolean;
  disableStorage?: boolean;
  enableMemory?: boolean;
  enableReturnData?: boolean;
  /** Stop logging once the entries take more than this many bytes (0: no limit). */
  limit?: number;
}

const { SLOAD, SSTORE } = op;
const empty = new Uint8Array(0);
/** `,"op":"NAME"` per opcode byte (as the target names them), built once: every entry has one. */
function opMembers(traits: TargetTraits): string[] {
  return Array.from({ length: 256 }, (_, code) => `,"op":${goJson(targetOpcodeName(traits, code))}`);
}

/** How geth v1.17 and geth v1.13 write an entry's words. */
interface WordFormat {
  /** `0x` (v1.17) or nothing (v1.13), before memory and storage words and the return value. */
  prefix: string;
  /** v1.13 writes `"memory":[]` for an empty memory, v1.17 leaves it out. */
  emptyMemory: boolean;
  /** v1.13's `limit` counts entries, v1.17's bytes. */
  limitCounts: 'entries' | 'bytes';
}

const formats: Record<TargetTraits['builtins'], WordFormat> = {
  'geth-1.17': { prefix: '0x', emptyMemory: false, limitCounts: 'bytes' },
  'geth-1.13': { prefix: '', emptyMemory: true, limitCounts: 'entries' },
};

/** The stack's items as JSON strings of minimal hex, bottom first (a loop: one entry per opcode). */
function stackText(stack: bigint[]): string {
  let text = '';
  for (let i = 0; i < stack.length; i++) text += i === 0 ? `"0x${stack[i].toString(16)}"` : `,"0x${stack[i].toString(16)}"`;
  return text;
}

/** 32-byte words in hex, as geth splits memory. */
function memoryWords(memory: Uint8Array, prefix: string): string {
  const words: string[] = [];
  for (let at = 0; at < memory.length; at += 32) {
    const chunk = memory.subarray(at, at + 32);
    words.push('"' + prefix + bytesToHex(chunk).slice(2) + '0'.repeat(64 - chunk.length * 2) + '"');
  }
  return words.join(',');
}

class StructLogger implements BuiltinTracer {
  readonly steps = 'all' as const;
  private readonly entries = new TextChunks();
  private count = 0;
  /** Bytes of the entries without the commas between them, as geth measures its `limit`. */
  private size = 0;
  private state: StateReader | undefined;
  /** Per contract (hex address): the slots SLOAD/SSTORE touched so far and their values, as geth shows them,
   * and those slots sorted (Go sorts map keys), kept sorted as slots are added. */
  private readonly storage = new Map<string, { slots: Map<string, string>; sorted: string[] }>();
  /** Per frame, outermost first: the type it was entered with and its return data buffer (the last child's output). */
  private readonly frames: { type: string; returnData: Uint8Array }[] = [{ type: 'CALL', returnData: empty }];
  private gasUsed = 0n;
  private output: Uint8Array = empty;
  // Not named `error`: a factory answers `{ error }` when it cannot build a tracer.
  private topError: string | undefined;
  private readonly format: WordFormat;
  private readonly opMembers: string[];
  /** Set once the entries grew past `maxBytes`: they are dropped and no more are built. */
  private tooLarge = false;

  constructor(
    private readonly config: StructLoggerConfig,
    traits: TargetTraits,
    private readonly maxBytes = Infinity,
  ) {
    this.format = formats[traits.builtins];
    this.opMembers = opMembers(traits);
  }

  private word(value: bigint): string {
    return this.format.prefix + value.toString(16).padStart(64, '0');
  }

  txStart(env: { state: StateReader }): void {
    this.state = env.state;
  }

  setContext(fields: TxContextView): void {
    if (fields.gasUsed !== undefined) this.gasUsed = fields.gasUsed;
    if (fields.output !== undefined) {
      this.output = fields.output;
      this.topError = fields.error;
    }
  }

  step(view: StepView): void {
    if (this.tooLarge) return;
    const limit = this.config.limit ?? 0;
    if (limit > 0 && (this.format.limitCounts === 'bytes' ? this.size > limit : this.count >= limit)) return;
    let text = `{"pc":${view.pc}${this.opMembers[view.op]},"gas":${view.gas},"gasCost":${view.cost},"depth":${view.depth}`;
    if (view.error !== undefined) text += `,"error":${goJson(view.error)}`;
    if (!this.config.disableStack) text += `,"stack":[${stackText(view.stack)}]`;
    const returnData = this.frames[this.frames.length - 1].returnData;
    if (this.config.enableReturnData && returnData.length > 0) text += `,"returnData":"${bytesToHex(returnData)}"`;
    if (this.config.enableMemory && (view.memory.length > 0 || this.format.emptyMemory))
      text += `,"memory":[${memoryWords(view.memory, this.format.prefix)}]`;
    if (!this.config.disableStorage && (view.op === SLOAD || view.op === SSTORE)) text += this.storageText(view);
    if (view.refund !== 0) text += `,"refund":${view.refund}`;
    text += '}';
    this.size += text.length;
    // Checked while the log is built, so that neither this worker nor the node ever holds much more than the
    // node would send (a memory-growing loop with enableMemory makes gigabytes).
    if (this.size > this.maxBytes) {
      this.tooLarge = true;
      this.entries.take();
      return;
    }
    this.entries.append(this.count === 0 ? text : ',' + text);
    this.count++;
  }

  /** Records the slot the step touches; the contract's touched slots so far, sorted (Go sorts map keys). */
  private storageText(view: StepView): string {
    const stack = view.stack;
    const needed = view.op === SLOAD ? 1 : 2;
    if (stack.length < needed) return '';
    const address = view.frame.address;
    const key = bytesToHex(address);
    let touched = this.storage.get(key);
    if (!touched) this.storage.set(key, (touched = { slots: new Map(), sorted: [] }));
    const slot = stack[stack.length - 1];
    const value =
      view.op === SLOAD
        ? this.format.prefix + bytesToHex(setLengthLeft(this.state!.storage(address, hexBytes(slot)), 32)).slice(2)
        : this.word(stack[stack.length - 2]);
    const slotText = this.word(slot);
    const { slots, sorted } = touched;
    if (!slots.has(slotText)) {
      sorted.push(slotText);
      sorted.sort();
    }
    slots.set(slotText, value);
    let members = '';
    for (const k of sorted) members += `${members === '' ? '' : ','}"${k}":"${slots.get(k)}"`;
    return `,"storage":{${members}}`;
  }

  fault(): void {}

  failedCheck(): void {
    this.frames[this.frames.length - 1].returnData = empty;
  }

  enter(view: EnterView): void {
    // A SELFDESTRUCT is entered and exited too: it gets an entry so that its exit pops its own.
    this.frames.push({ type: view.type, returnData: empty });
  }

  exit(view: ExitView): void {
    const child = this.frames.pop()!;
    if (child.type === 'SELFDESTRUCT') return;
    if (this.frames.length === 0) return;
    // geth keeps a call's output as return data (success or revert), a create's only when it reverted.
    const isCreate = child.type === 'CREATE' || child.type === 'CREATE2';
    const kept = !isCreate || view.error === 'execution reverted';
    this.frames[this.frames.length - 1].returnData = kept ? view.output : empty;
  }

  result(): { jsonParts: Uint8Array[] } | { error: string; tooLarge: true } {
    if (this.tooLarge) {
      const error = `response too large: more than ${this.maxBytes} bytes, the node's limit (--max-response-bytes); the struct log was stopped`;
      return { error, tooLarge: true };
    }
    const failed = this.topError !== undefined;
    // A failure other than a revert returns nothing.
    const returnValue = failed && this.topError !== 'execution reverted' ? empty : this.output;
    const head = `{"gas":${this.gasUsed},"failed":${failed},"returnValue":"${this.format.prefix}${bytesToHex(returnValue).slice(2)}","structLogs":[`;
    return { jsonParts: [Buffer.from(head), ...this.entries.take(), Buffer.from(']}')] };
  }
}

function hexBytes(slot: bigint): Uint8Array {
  return Buffer.from(slot.toString(16).padStart(64, '0'), 'hex');
}

/** The logger's options and their Go types (geth reads them from the top level of the trace config). */
export const structLoggerOptions: Record<keyof StructLoggerConfig, 'bool' | 'int'> = {
  disableStack: 'bool',
  disableStorage: 'bool',
  enableMemory: 'bool',
  enableReturnData: 'bool',
  limit: 'int',
};

export const structLogger: BuiltinFactory = (configText, traits, maxResultBytes) =>
  new StructLogger(configText === undefined ? {} : (JSON.parse(configText) as StructLoggerConfig), traits, maxResultBytes);
