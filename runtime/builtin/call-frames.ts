// The call tree geth's callTracer keeps, built from the hook sequence: the top frame from the transaction
// context, nested frames from enter/exit, LOGs (from their steps) in the frame that emitted them. Shared by
// callTracer and flatCallTracer.
import type { TxHooks } from '../evm/tx-hooks';
import type { EnterView, ExitView, StepView, TxContextView } from '../evm/views';
import { readMemory } from '../evm/memory';
import { revertReason } from './revert-reason';

export interface CallLog {
  address: Uint8Array;
  topics: bigint[];
  data: Uint8Array;
  index: number;
  /** How many calls of the emitting frame came before it. */
  position: number;
}

export interface CallFrame {
  type: string;
  from: Uint8Array;
  to: Uint8Array | undefined;
  input: Uint8Array;
  gas: bigint;
  gasUsed: bigint;
  /** undefined for STATICCALL (geth prints no value). */
  value: bigint | undefined;
  output: Uint8Array | undefined;
  error: string | undefined;
  revertReason: string | undefined;
  /** The frame's state changes were undone (geth's revertedSnapshot): its logs and its children's go. */
  reverted: boolean;
  calls: CallFrame[];
  logs: CallLog[];
}

interface CollectorOptions {
  onlyTopCall: boolean;
  withLog: boolean;
  /** Index of the transaction's first log in its block. */
  firstLogIndex: number;
  /** Before Homestead a create that cannot pay for its code store succeeds with no code (nothing reverted). */
  homestead: boolean;
  /** Whether a finished nested frame stays in its parent's calls (flatCallTracer drops precompile calls). */
  keep?(frame: CallFrame): boolean;
}

const LOG0 = 0xa0;
const LOG4 = 0xa4;
/** What a call tree needs to step: call types (CALL/CREATE family), SELFDESTRUCT, and LOGs when kept. */
export const callOpcodes = [0xf0, 0xf1, 0xf2, 0xf4, 0xf5, 0xfa, 0xff];
export const logOpcodes = [0xa0, 0xa1, 0xa2, 0xa3, 0xa4];

const CREATES = new Set(['CREATE', 'CREATE2']);

function frameFrom(view: EnterView): CallFrame {
  return {
    type: view.type,
    from: view.from,
    to: view.to,
    input: view.input.slice(),
    gas: view.gas,
    gasUsed: 0n,
    value: view.value,
    output: undefined,
    error: undefined,
    revertReason: undefined,
    reverted: false,
    calls: [],
    logs: [],
  };
}

const codeStoreOutOfGas = 'contract creation code storage out of gas';

/** geth's processOutput: success keeps the output; a failure keeps only a revert's output and its reason; a
 * failure that reverted nothing counts as success. */
function finish(frame: CallFrame, output: Uint8Array, error: string | undefined, reverted: boolean): void {
  output = output.slice();
  if (error === undefined || !reverted) {
    frame.output = output;
    return;
  }
  frame.error = error;
  frame.reverted = reverted;
  if (CREATES.has(frame.type)) frame.to = undefined;
  if (error !== 'execution reverted' || output.length === 0) return;
  frame.output = output;
  frame.revertReason = revertReason(output);
}

function clearFailedLogs(frame: CallFrame, parentFailed: boolean): void {
  const failed = parentFailed || (frame.error !== undefined && frame.reverted);
  if (failed) frame.logs = [];
  for (const call of frame.calls) clearFailedLogs(call, failed);
}

export class CallCollector implements Pick<TxHooks, 'setContext' | 'step' | 'enter' | 'exit' | 'topFailedCheck'> {
  private gasLimit = 0n;
  private gasUsed: bigint | undefined;
  private top: CallFrame | undefined;
  private readonly stack: CallFrame[] = [];
  /** Nesting below the top frame, also while onlyTopCall keeps no frames. */
  private depth = 0;
  /** Next log index; a reverted frame gives its logs' indices back, as geth's journal does. */
  private logIndex: number;
  private readonly logIndexAtEnter: number[] = [];

  constructor(private readonly options: CollectorOptions) {
    this.logIndex = options.firstLogIndex;
  }

  setContext(fields: TxContextView): void {
    if (fields.gas !== undefined) this.gasLimit = fields.gas;
    if (fields.type !== undefined) {
      this.top = frameFrom({
        type: fields.type,
        from: fields.from!,
        to: fields.to ?? new Uint8Array(20),
        input: fields.input ?? new Uint8Array(0),
        gas: this.gasLimit,
        value: fields.value ?? 0n,
      });
      this.stack.push(this.top);
    } else if (fields.to !== undefined && this.top) {
      this.top.to = fields.to;
    }
    if ((fields.output !== undefined || fields.error !== undefined) && this.top) {
      finish(this.top, fields.output ?? new Uint8Array(0), fields.error, this.reverts(fields.error));
    }
    if (fields.gasUsed !== undefined) this.gasUsed = fields.gasUsed;
  }

  /** geth v1.13's callTracer starts with one zero frame (type 0: `STOP`) that the top call's start fills in: one
   * that never started leaves it so. */
  topFailedCheck(): void {
    const zero = new Uint8Array(20);
    this.top = { ...frameFrom({ type: 'STOP', from: zero, to: zero, input: new Uint8Array(0), gas: 0n, value: undefined }), to: undefined };
    this.stack.splice(0, this.stack.length, this.top);
  }

  step(view: StepView): void {
    if (!this.options.withLog || view.op < LOG0 || view.op > LOG4 || view.error !== undefined) return;
    // A LOG that then fails (static frame, memory out of gas) fails its frame, which drops the log again.
    const frame = this.stack.at(-1);
    if (!frame || (this.options.onlyTopCall && this.depth > 0)) return;
    const s = view.stack;
    const top = (i: number) => s[s.length - 1 - i];
    const topics = Array.from({ length: view.op - LOG0 }, (_, i) => top(2 + i));
    frame.logs.push({
      address: view.frame.address,
      topics,
      data: readMemory(view.memory, top(0), top(1)),
      index: this.logIndex++,
      position: frame.calls.length,
    });
  }

  enter(view: EnterView): void {
    this.depth++;
    this.logIndexAtEnter.push(this.logIndex);
    if (this.options.onlyTopCall) return;
    this.stack.push(frameFrom(view));
  }

  exit(view: ExitView): void {
    this.depth--;
    const indexAtEnter = this.logIndexAtEnter.pop()!;
    if (this.reverts(view.error)) this.logIndex = indexAtEnter;
    if (this.options.onlyTopCall || this.stack.length <= 1) return;
    const frame = this.stack.pop()!;
    frame.gasUsed = view.gasUsed;
    finish(frame, view.output, view.error, this.reverts(view.error));
    if (this.options.keep?.(frame) ?? true) this.stack.at(-1)!.calls.push(frame);
  }

  private reverts(error: string | undefined): boolean {
    return error !== undefined && (this.options.homestead || error !== codeStoreOutOfGas);
  }

  /** The finished tree (receipt gas used on the top frame, failed frames' logs dropped), or why there is none. */
  result(): { frame: CallFrame } | { error: string } {
    if (!this.top || this.stack.length !== 1) return { error: 'incorrect number of top-level calls' };
    if (this.gasUsed !== undefined) this.top.gasUsed = this.gasUsed;
    if (this.options.withLog) clearFailedLogs(this.top, false);
    return { frame: this.top };
  }
}
