// geth's flatCallTracer: the callTracer's tree flattened in parity's trace format (`traceAddress`,
// `subtraces`, create/call/suicide actions); `convertParityErrors` gives parity's error words,
// `includePrecompiles` keeps CALL/STATICCALL frames into precompiles.
import { bytesToHex } from '@ethereumjs/util';
import type { TxStartEnv } from '../evm/tx-tracer';
import type { BuiltinFactory } from './builtin-tracer';
import { CallCollector, callOpcodes, type CallFrame } from './call-frames';
import { boolOptions } from './config';
import { hexBytes, quantity } from './json-hex';
import { goEscape } from '../tracer/host/result-json';

const parityErrors: Record<string, string> = {
  'contract creation code storage out of gas': 'Out of gas',
  'out of gas': 'Out of gas',
  'gas uint64 overflow': 'Out of gas',
  'max code size exceeded': 'Out of gas',
  'invalid jump destination': 'Bad jump destination',
  'execution reverted': 'Reverted',
  'return data out of bounds': 'Out of bounds',
  'stack limit reached 1024 (1023)': 'Out of stack',
  'precompiled failed': 'Built-in failed',
  'invalid input length': 'Built-in failed',
};
const parityErrorPrefixes: Array<[string, string]> = [
  ['out of gas:', 'Out of gas'],
  ['invalid opcode:', 'Bad instruction'],
  ['stack underflow', 'Stack underflow'],
];

function parityError(error: string): string {
  return parityErrors[error] ?? parityErrorPrefixes.find(([prefix]) => error.startsWith(prefix))?.[1] ?? error;
}

interface Where {
  blockHash: string | null;
  blockNumber: number;
  transactionHash: string | null;
  transactionPosition: number;
}

/** How the frames are written: parity's error words, and create actions' `creationMethod` (geth v1.17; v1.13
 * leaves it out). */
interface Style {
  convert: boolean;
  creationMethod: boolean;
}

type Flat = { type: string; action: unknown; result?: unknown };

function actionAndResult(frame: CallFrame, style: Style): Flat | { error: string } {
  const value = frame.value === undefined ? {} : { value: quantity(frame.value) };
  const output = frame.output ?? new Uint8Array(0);
  switch (frame.type) {
    case 'CREATE':
    case 'CREATE2':
      return {
        type: 'create',
        action: {
          ...(style.creationMethod ? { creationMethod: frame.type.toLowerCase() } : {}),
          from: hexBytes(frame.from),
          gas: quantity(frame.gas),
          init: hexBytes(frame.input),
          ...value,
        },
        result: { ...(frame.to ? { address: hexBytes(frame.to) } : {}), code: hexBytes(output), gasUsed: quantity(frame.gasUsed) },
      };
    case 'SELFDESTRUCT':
      return {
        type: 'suicide',
        action: {
          address: hexBytes(frame.from),
          ...(frame.value === undefined ? {} : { balance: quantity(frame.value) }),
          refundAddress: hexBytes(frame.to!),
        },
      };
    case 'CALL':
    case 'CALLCODE':
    case 'DELEGATECALL':
    case 'STATICCALL':
      return {
        type: 'call',
        action: {
          callType: frame.type.toLowerCase(),
          from: hexBytes(frame.from),
          gas: quantity(frame.gas),
          input: hexBytes(frame.input),
          to: hexBytes(frame.to!),
          ...value,
        },
        result: { gasUsed: quantity(frame.gasUsed), output: hexBytes(output) },
      };
    default:
      // geth v1.13's zero top frame, of a top call that never started (coreth).
      return { error: `unrecognized call frame type: ${frame.type}` };
  }
}

/** Appends the frame and its calls to `out`, or says which frame cannot be written. */
function flatten(frame: CallFrame, traceAddress: number[], style: Style, where: Where, out: unknown[]): { error: string } | undefined {
  const flat = actionAndResult(frame, style);
  if ('error' in flat) return flat;
  const { type, action, result } = flat;
  const error = frame.error === undefined ? undefined : style.convert ? parityError(frame.error) : frame.error;
  // A failed frame has no result unless it reverted (its output is the revert data).
  const keepResult = result !== undefined && (frame.error === undefined || frame.error === 'execution reverted');
  out.push({
    action,
    blockHash: where.blockHash,
    blockNumber: where.blockNumber,
    ...(error ? { error } : {}),
    ...(keepResult ? { result } : {}),
    subtraces: frame.calls.length,
    traceAddress,
    transactionHash: where.transactionHash,
    transactionPosition: where.transactionPosition,
    type,
  });
  for (const [i, call] of frame.calls.entries()) {
    const failed = flatten(call, [...traceAddress, i], style, where, out);
    if (failed) return failed;
  }
  return undefined;
}

export const flatCallTracer: BuiltinFactory = (config, traits) => {
  const options = boolOptions(config, 'native.flatCallTracerConfig', ['convertParityErrors', 'includePrecompiles']);
  if ('error' in options) return options;
  let collector: CallCollector | undefined;
  let where: Where = { blockHash: null, blockNumber: 0, transactionHash: null, transactionPosition: 0 };
  return {
    steps: callOpcodes,
    txStart(env: TxStartEnv) {
      const precompiles = new Set(env.precompiles.map((a) => bytesToHex(a)));
      // Frames into precompiles are dropped unless asked for (CALL and STATICCALL only, as geth does).
      const keep = (frame: CallFrame) =>
        options.includePrecompiles ||
        !(frame.type === 'CALL' || frame.type === 'STATICCALL') ||
        !precompiles.has(bytesToHex(frame.to ?? new Uint8Array(20)));
      collector = new CallCollector({
        onlyTopCall: false,
        withLog: false,
        firstLogIndex: 0,
        homestead: env.common.gteHardfork('homestead'),
        keep,
      });
      where = {
        blockHash: env.position ? hexBytes(env.position.blockHash) : null,
        // geth takes it from the trace context, which a traceCall leaves empty.
        blockNumber: env.position ? Number(env.block.header.number) : 0,
        transactionHash: env.position ? hexBytes(env.position.txHash) : null,
        transactionPosition: env.position?.txIndex ?? 0,
      };
    },
    setContext: (fields) => collector?.setContext(fields),
    step() {},
    fault() {},
    enter: (view) => collector?.enter({ ...view, value: view.value ?? 0n }),
    exit: (view) => collector?.exit(view),
    topFailedCheck: () => collector?.topFailedCheck(),
    result() {
      const top = collector?.result() ?? { error: 'invalid number of calls' };
      if ('error' in top) return top;
      const out: unknown[] = [];
      const style = { convert: options.convertParityErrors, creationMethod: traits.builtins === 'geth-1.17' };
      const failed = flatten(top.frame, [], style, where, out);
      if (failed) return failed;
      return { json: goEscape(JSON.stringify(out)) };
    },
  };
};
