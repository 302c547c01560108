// Turns @ethereumjs's events for one transaction into geth's tracer hook sequence (spec §2): ctx from the
// top-level frame, `step` before each opcode with geth's cost and depth, `fault` only for failures while an
// opcode executes, `enter`/`exit` for nested frames (including precompiles, pre-check failures and a
// synthesized SELFDESTRUCT), call types inferred from the parent's last opcode.
import type { InterpreterStep, Message, EVMResult } from '@ethereumjs/evm';
import { bigIntToUnpaddedBytes, bytesToHex, generateAddress, generateAddress2, setLengthLeft, bigIntToBytes } from '@ethereumjs/util';
import type { TxHooks } from './tx-hooks';
import { emptyStep, type EnterView, type FrameView, type StepView } from './views';
import type { StateReader } from '../state/state-reader';
import { failsDuringExecution, gethError } from './errors';
import { stackError } from './stack-limits';
import { precompileError, precompileNumber } from './precompile-errors';
import { readMemory } from './memory';
import { dynamicGasError } from './dynamic-gas-errors';
import { dynamicAfterBailout, stepGas } from './step-gas';
import type { ForkRules } from './fork-rules';
import { traitsOf, type TargetTraits } from './target';
import { withTargetTexts } from './target-texts';
import { op } from '../../core/api/opcodes';

const { CALL, CALLCODE, DELEGATECALL, STATICCALL, CREATE, CREATE2, SELFDESTRUCT, RETURN, RETURNDATACOPY, SSTORE, INVALID } = op;
const callOps: Record<number, string> = {
  [CALL]: 'CALL',
  [CALLCODE]: 'CALLCODE',
  [DELEGATECALL]: 'DELEGATECALL',
  [STATICCALL]: 'STATICCALL',
};
const createOps: Record<number, string> = { [CREATE]: 'CREATE', [CREATE2]: 'CREATE2' };
const stackLimit = 1024;
const selfdestructRefundGas = 24000;
const selfdestructConstantGas = 5000n;

interface Frame {
  view: FrameView;
  gasLimit: bigint;
  isStatic: boolean;
  lastStep: StepView | undefined;
  /** A child frame was entered since the last step (tells a pre-check failure from a real call). */
  childSinceStep: boolean;
  /** Size of the return data buffer (the last child's output), for RETURNDATACOPY bounds. */
  returnDataSize: number;
  /** CREATE enter waiting for the new address. */
  pendingEnter: EnterView | undefined;
  isTop: boolean;
  isCreate: boolean;
  /** A write here is refused by the opcode's gas function (a static frame, on a target that refuses writes
   * there; elsewhere the opcode refuses it when it runs). */
  writeRefusedInGas: boolean;
  /** Where the frame's code comes from, to read the real byte of an undefined opcode (ethereumjs shows 0xfe). */
  code: () => Uint8Array;
  /** ethereumjs' message: `isCompiled` tells a precompile's frame once it ran (it runs no opcodes). */
  message: Message;
  /** Contracts that self-destructed in this frame and its finished children: undone if the frame fails. */
  destructed: string[];
}

interface TxTraceEvents {
  step(ev: InterpreterStep): void;
  beforeMessage(msg: Message): void;
  newContract(ev: { address: { bytes: Uint8Array } }): void;
  afterMessage(res: EVMResult): void;
}

/** What geth reports for a frame's failure, and whether it happened while an opcode executed (`fault`). */
function classifyFailure(
  frame: Frame,
  raw: string | undefined,
  at: StoppedAt | undefined,
  rules: ForkRules,
  traits: TargetTraits,
): { error: string | undefined; fault: boolean } {
  if (raw === undefined) return { error: undefined, fault: false };
  if (frame.message.isCompiled) {
    // A precompile's failure: geth words it by its cause.
    const number = precompileNumber(frame.message.codeAddress.bytes);
    const error = gethError(raw, undefined);
    return {
      error:
        number === undefined
          ? error
          : precompileError(number, frame.view.input, frame.gasLimit, error, rules.precompiles, rules.bn254Words),
      fault: false,
    };
  }
  const last = frame.lastStep;
  if (last?.error !== undefined) return { error: last.error, fault: false };
  const deposit = depositFailure(frame, raw, at, traits);
  if (deposit) return { error: deposit.error, fault: false };
  // ethereumjs reports this as plain out of gas where geth names it.
  if (
    raw === 'out of gas' &&
    last &&
    !frame.childSinceStep &&
    last.op === RETURNDATACOPY &&
    returnDataOverrun(last, frame.returnDataSize)
  ) {
    return { error: 'return data out of bounds', fault: true };
  }
  // A frame that never ran an opcode (a precompile's) has no fault: geth reports its failure on exit only.
  return { error: gethError(raw, last?.op), fault: last !== undefined && !frame.childSinceStep && failsDuringExecution(raw) };
}

const maxCodeSize = 24576;
const storeOutOfGas = 'contract creation code storage out of gas';

/** A create whose init code returned code and then failed on it: geth's error (geth v1.17 charges the deposit
 * gas before it checks the size; ethereumjs, like geth v1.13, checks the size first) and that code, which geth
 * reports as the frame's output. */
function depositFailure(
  frame: Frame,
  raw: string | undefined,
  at: StoppedAt | undefined,
  traits: TargetTraits,
): { error: string; code: Uint8Array } | undefined {
  const code = at?.interpreter?._result?.returnValue;
  if (!frame.isCreate || at?.opCode !== RETURN || !code || code.length === 0) return undefined;
  if (raw === 'out of gas' || raw === 'code store out of gas') return { error: storeOutOfGas, code };
  if (raw === 'invalid bytecode deployed') return { error: 'invalid code: must not begin with 0xef', code };
  if (raw !== 'code size to deposit exceeds maximum code size') return undefined;
  const unpaid = traits.detailedGasErrors && at.gasLeft < 200n * BigInt(code.length);
  return { error: unpaid ? storeOutOfGas : `max code size exceeded: code size ${code.length} limit ${maxCodeSize}`, code };
}

/** The failing step as geth's fault sees it: geth's RETURNDATACOPY overwrites its data offset on the stack
 * with offset + length before the bounds check fails (its stack items are popped by reference). */
function stepAtFault(step: StepView): StepView {
  const s = step.stack;
  if (step.op !== RETURNDATACOPY || step.error !== 'return data out of bounds' || s.length < 3 || s[s.length - 2] >= 1n << 64n) return step;
  const stack = [...s];
  stack[s.length - 2] = (s[s.length - 2] + s[s.length - 3]) % (1n << 256n);
  return { ...step, stack };
}

/** What geth v1.13's failing opcodes pop before they fail (the rest check first). */
const poppedBeforeFailing: Record<number, number> = { [op.REVERT]: 2, [op.JUMP]: 1, [op.JUMPI]: 2, [RETURNDATACOPY]: 3, [CALL]: 7 };

/** The failing step as geth v1.13's fault sees it: its popped arguments gone from the stack. */
function stepPoppedAtFault(step: StepView): StepView {
  const popped = poppedBeforeFailing[step.op];
  return popped ? { ...step, stack: step.stack.slice(0, Math.max(0, step.stack.length - popped)) } : step;
}

/** The address in a stack word: its low 20 bytes, as the EVM reads one. */
function addressOf(word: bigint): Uint8Array {
  return setLengthLeft(bigIntToBytes(word & ((1n << 160n) - 1n)), 20);
}

function returnDataOverrun(step: StepView, size: number): boolean {
  const s = step.stack;
  return s.length >= 3 && s[s.length - 2] + s[s.length - 3] > BigInt(size);
}

/** The interpreter's state where a frame stopped (ethereumjs' execResult.runState). */
interface StoppedAt {
  opCode: number;
  programCounter: number;
  gasLeft: bigint;
  gasRefund: bigint;
  /** Popped items stay in `_store` above `_len`. */
  stack: { getStack(): bigint[]; _store?: bigint[]; _len?: number };
  memory: { _store: Uint8Array };
  memoryWordCount: bigint;
  /** What a RETURN handed back (a create's code), kept by ethereumjs' interpreter. */
  interpreter?: { _result?: { returnValue?: Uint8Array } };
}

/** Whether the frame stopped in the opcode of its last (tapped) step: the step's pc, or one past it once
 * the opcode's handler advanced the pc. */
function stoppedInLastStep(frame: Frame, at: StoppedAt): boolean {
  const last = frame.lastStep;
  if (!last || frame.childSinceStep || at.opCode !== last.op) return false;
  return at.programCounter === last.pc || at.programCounter === last.pc + 1;
}

/** The failing opcode's step rebuilt from where the interpreter stopped, for a frame whose failing opcode was
 * not tapped: geth's pre-execution errors (stack, reentrancy sentry) need the opcode and its stack. */
function stepAt(frame: Frame, at: StoppedAt, raw: string, depth: number, rules: ForkRules, baseRefund: number): StepView {
  // ethereumjs shows an undefined opcode as INVALID (0xfe): geth names the real byte.
  const op = at.opCode === INVALID ? (frame.code()[at.programCounter] ?? INVALID) : at.opCode;
  // ethereumjs refuses oversized init code in CREATE/CREATE2 itself, after popping their arguments.
  const popped = raw === 'initcode exceeds max initcode size' ? (createOps[op] === 'CREATE' ? 3 : createOps[op] === 'CREATE2' ? 4 : 0) : 0;
  const { _store: store, _len: length } = at.stack;
  const stack = popped > 0 && store && length !== undefined ? store.slice(0, length + popped) : at.stack.getStack();
  // geth checks the stack before any gas, ethereumjs after the constant gas (a RETURN that runs out of gas
  // storing a create's code has taken its arguments: its stack was fine).
  const stackChecked = raw === 'stack underflow' || raw === 'stack overflow' || (raw === 'out of gas' && op !== RETURN);
  const stackProblem = stackChecked ? stackError(op, stack.length) : undefined;
  // geth's checks before the dynamic gas (a write in a static frame before the sentry) come first.
  // The failures ethereumjs raises in an opcode's gas handler.
  const inGas = raw === 'out of gas' || raw === 'static state change' || raw === 'initcode exceeds max initcode size';
  const refused = stackProblem === undefined && inGas ? dynamicGasError(op, stack, rules, frame.writeRefusedInGas) : undefined;
  // A sentry failure leaves the gas as it was; an opcode that overspent leaves it at zero.
  const sentry = raw === 'out of gas' && op === SSTORE && rules.eip2200 && at.gasLeft > 0n && at.gasLeft <= 2300n;
  const memory = at.memory._store.subarray(0, Number(at.memoryWordCount) * 32);
  // geth charges a LOG's gas before it refuses the LOG in a static frame: one it cannot pay runs out of gas.
  const unpaid = raw === 'static state change' && BigInt(dynamicAfterBailout(op, stack, memory.length) ?? 0) > at.gasLeft;
  const error =
    stackProblem ?? refused ?? (sentry ? 'out of gas: not enough gas for reentrancy sentry' : unpaid ? 'out of gas' : undefined);
  return {
    op,
    pc: at.programCounter,
    gas: at.gasLeft,
    cost: 0n,
    depth,
    refund: Number(at.gasRefund) + baseRefund,
    stack,
    memory,
    error,
    frame: frame.view,
  };
}

interface TxTracerOptions {
  /** Only some opcodes are stepped (a built-in tracer's taps), so a frame's last step need not be its last
   * opcode; where it ends is then read from the interpreter. */
  selectiveSteps?: boolean;
  /** The refund the counter starts execution with (geth's EIP-7702 authorization refunds), asked when the
   * first frame starts. */
  startRefund?: () => number;
  /** The target's hook sequence (target.ts); geth's when absent. */
  traits?: TargetTraits;
  /** The last CALL-family opcode's target was cold before it (cold-call-targets.ts): it costs more. */
  targetWasCold?: () => boolean;
}

export function createTxTracer(
  tracerHooks: TxHooks,
  state: StateReader,
  rules: ForkRules,
  { selectiveSteps = false, startRefund, traits = traitsOf(undefined), targetWasCold = () => false }: TxTracerOptions = {},
): TxTraceEvents {
  const host = withTargetTexts(tracerHooks, traits);
  const frames: Frame[] = [];
  let baseRefund = 0;
  // Before London geth adds a SELFDESTRUCT's refund (once per contract) in its gas, so its own step shows
  // it; ethereumjs adds it when the opcode executes.
  const destructed = new Set<string>();

  function flushEnter(frame: Frame, to?: Uint8Array): void {
    const pending = frame.pendingEnter;
    if (!pending) return;
    frame.pendingEnter = undefined;
    if (to) pending.to = to;
    frame.view.address = pending.to;
    host.enter(pending);
  }

  /** geth enters and exits a frame whose CALL/CREATE failed its pre-checks; ethereumjs emits no message. */
  function synthesizePrecheckFailure(frame: Frame): void {
    const step = frame.lastStep;
    if (!step || frame.childSinceStep || step.error !== undefined) return;
    const type = callOps[step.op] ?? createOps[step.op];
    if (!type) return;
    frame.returnDataSize = 0;
    // coreth's EVM fails these checks before it tells the tracer anything.
    if (!traits.framesForFailedChecks) return host.failedCheck?.();
    const s = step.stack;
    const top = (i: number) => s[s.length - 1 - i];
    const depthExceeded = step.depth > stackLimit;
    let enter: EnterView;
    if (callOps[step.op]) {
      const hasValue = step.op === CALL || step.op === CALLCODE;
      const value = hasValue ? top(2) : step.op === DELEGATECALL ? frame.view.value : undefined;
      const forwarded = step.cost - (step.baseCost ?? step.cost);
      const stipend = hasValue && value !== undefined && value > 0n ? 2300n : 0n;
      const args = hasValue ? 3 : 2;
      enter = {
        type,
        from: frame.view.address,
        to: addressOf(top(1)),
        input: readMemory(step.memory, top(args), top(args + 1)),
        gas: forwarded + stipend,
        value,
      };
    } else {
      const available = step.gas - step.cost;
      const input = readMemory(step.memory, top(1), top(2));
      const to =
        type === 'CREATE2'
          ? generateAddress2(frame.view.address, setLengthLeft(bigIntToBytes(top(3)), 32), input)
          : generateAddress(frame.view.address, bigIntToUnpaddedBytes(state.nonce(frame.view.address)));
      enter = {
        type,
        from: frame.view.address,
        to,
        input,
        gas: rules.eip150 ? available - available / 64n : available,
        value: top(0),
      };
    }
    host.enter(enter);
    host.exit({
      gasUsed: 0n,
      output: new Uint8Array(0),
      error: depthExceeded ? 'max call depth exceeded' : 'insufficient balance for transfer',
    });
  }

  /** The refund a SELFDESTRUCT step shows beyond ethereumjs' counter (see `destructed`). */
  function destructRefund(frame: Frame, op: number, error: string | undefined, gas: bigint): number {
    // Every step asks: the cheap tests first, the address's text only for a SELFDESTRUCT.
    if (op !== SELFDESTRUCT || frame.isStatic || !rules.selfdestructRefund) return 0;
    // geth's gas function adds it once it is past the constant gas and (from Berlin) a cold beneficiary's
    // access, also when the whole cost then cannot be charged (a plain 'out of gas'; before Berlin all of the
    // gas is dynamic).
    if (error !== undefined && !(error === 'out of gas' && (!rules.eip2929 || gas >= selfdestructConstantGas))) return 0;
    const self = bytesToHex(frame.view.address);
    if (destructed.has(self)) return 0;
    destructed.add(self);
    frame.destructed.push(self);
    return selfdestructRefundGas;
  }

  return {
    beforeMessage(msg) {
      const parent = frames.at(-1);
      const isCreate = msg.to === undefined;
      const view: FrameView = {
        address: msg.to?.bytes ?? new Uint8Array(20),
        caller: msg.caller.bytes,
        value: msg.value,
        input: isCreate ? new Uint8Array(0) : msg.data,
      };
      const frame: Frame = {
        view,
        gasLimit: msg.gasLimit,
        isStatic: msg.isStatic,
        lastStep: undefined,
        childSinceStep: false,
        returnDataSize: 0,
        pendingEnter: undefined,
        isTop: parent === undefined,
        isCreate,
        writeRefusedInGas: msg.isStatic && traits.writeProtectionInGas,
        // The code ethereumjs loaded (a create's init code, an EIP-7702 delegate's code), once it has.
        code: () => (msg.code instanceof Uint8Array ? msg.code : isCreate ? msg.data : state.code(msg.codeAddress.bytes)),
        message: msg,
        destructed: [],
      };
      if (!parent) {
        baseRefund = startRefund?.() ?? 0;
        host.setContext({
          type: isCreate ? 'CREATE' : 'CALL',
          from: msg.caller.bytes,
          input: msg.data,
          value: msg.value,
          ...(isCreate ? {} : { to: msg.to!.bytes }),
        });
      } else {
        parent.childSinceStep = true;
        const op = parent.lastStep?.op ?? -1;
        const type = callOps[op] ?? createOps[op] ?? (isCreate ? 'CREATE' : 'CALL');
        const enter: EnterView = {
          type,
          from: parent.view.address,
          to: isCreate ? new Uint8Array(20) : msg.codeAddress.bytes,
          input: msg.data,
          gas: msg.gasLimit,
          value: type === 'STATICCALL' ? undefined : msg.value,
        };
        if (isCreate) frame.pendingEnter = enter;
        else host.enter(enter);
      }
      frames.push(frame);
    },

    newContract(ev) {
      const frame = frames.at(-1);
      if (!frame) return;
      frame.view.address = ev.address.bytes;
      if (frame.isTop) host.setContext({ to: ev.address.bytes });
      flushEnter(frame, ev.address.bytes);
    },

    step(ev) {
      const frame = frames.at(-1)!;
      flushEnter(frame);
      synthesizePrecheckFailure(frame);
      const code = ev.opcode.code;
      const op = code === INVALID ? (frame.code()[ev.pc] ?? INVALID) : code;
      // An opcode the fork does not define (ethereumjs runs it as INVALID) costs nothing and takes no
      // arguments, whatever a later fork made of its byte: its gas and stack are INVALID's.
      const { cost, baseCost, error } = stepGas(
        ev,
        code,
        stackError(code, ev.stack.length),
        rules,
        frame.writeRefusedInGas,
        state,
        frame.view.address,
        targetWasCold,
      );
      const gas = ev.gasLeft;
      const view: StepView = {
        op,
        pc: ev.pc,
        gas,
        cost,
        baseCost,
        depth: ev.depth + 1,
        refund: Number(ev.gasRefund) + baseRefund + destructRefund(frame, op, error, gas),
        stack: ev.stack,
        memory: ev.memory,
        error,
        frame: frame.view,
      };
      frame.lastStep = view;
      frame.childSinceStep = false;
      host.step(view);
      if (op === SELFDESTRUCT && error === undefined && !frame.isStatic) {
        const beneficiary = addressOf(ev.stack[ev.stack.length - 1]);
        host.enter({
          type: 'SELFDESTRUCT',
          from: frame.view.address,
          to: beneficiary,
          input: new Uint8Array(0),
          gas: 0n,
          value: state.balance(frame.view.address),
        });
        host.exit({ gasUsed: 0n, output: new Uint8Array(0), error: undefined });
      }
    },

    afterMessage(res) {
      const frame = frames.pop();
      if (!frame) return;
      const exec = res.execResult;
      const raw = exec.exceptionError?.error;
      // coreth checks for a collision before it tells the tracer of the creation.
      if (raw === 'create collision' && !traits.framesForFailedChecks) {
        if (frame.isTop) return host.topFailedCheck?.();
        frames.at(-1)!.returnDataSize = 0;
        return host.failedCheck?.();
      }
      flushEnter(frame, res.createdAddress?.bytes);
      // No pre-check synthesis here: a frame that ends right after a CALL/CREATE step failed in that opcode.
      const at = exec.runState as unknown as StoppedAt | undefined;
      if (selectiveSteps && at && !(raw !== undefined && stoppedInLastStep(frame, at))) {
        // Untapped opcodes ran after the last tapped step: a CALL/CREATE there did not fail the frame.
        synthesizePrecheckFailure(frame);
        if (raw !== undefined) {
          frame.lastStep = stepAt(frame, at, raw, frames.length + 1, rules, baseRefund);
          frame.childSinceStep = false;
        }
      }
      const { error, fault } = classifyFailure(frame, raw, at, rules, traits);
      // geth calls fault from its interpreter only: a precompile's failure is no fault. ethereumjs has
      // reverted the frame already; geth's fault reads the state the failing opcode left.
      if (fault && !frame.message.isCompiled) {
        const step = { ...(frame.lastStep ?? emptyStep), error };
        const failing = traits.faultSeesArgumentsPopped ? stepPoppedAtFault(step) : stepAtFault(step);
        if (state.beforeLastRevert) state.beforeLastRevert(() => host.fault(failing));
        else host.fault(failing);
      }
      // A create failing on the code it returned reports that code (ethereumjs' result drops it). Before
      // Homestead one that cannot pay for its code store fails without reverting anything or using all gas.
      const deposited = depositFailure(frame, raw, at, traits)?.code;
      const output = deposited ?? exec.returnValue ?? new Uint8Array(0);
      const consumesAll = raw !== undefined && raw !== 'revert' && raw !== 'code store out of gas';
      const parent = frames.at(-1);
      if (raw !== undefined && raw !== 'code store out of gas') for (const address of frame.destructed) destructed.delete(address);
      else parent?.destructed.push(...frame.destructed);
      // geth keeps a child's output as return data after success or revert (a CREATE's only after revert).
      if (parent) parent.returnDataSize = (raw === undefined && !frame.isCreate) || raw === 'revert' ? output.length : 0;
      if (frame.isTop) {
        if (res.createdAddress) host.setContext({ to: res.createdAddress.bytes });
        host.setContext({ output, error });
        return;
      }
      const gasUsed = consumesAll ? frame.gasLimit : exec.executionGasUsed;
      host.exit({ gasUsed, output: consumesAll && !deposited ? new Uint8Array(0) : output, error });
    },
  };
}
