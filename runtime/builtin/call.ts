// geth's callTracer: the call tree as nested frames (`onlyTopCall`: the top frame only; `withLog`: each
// frame's logs with their position among its calls).
import type { TxStartEnv } from '../evm/tx-tracer';
import type { BuiltinFactory } from './builtin-tracer';
import { CallCollector, callOpcodes, logOpcodes, type CallFrame, type CallLog } from './call-frames';
import { boolOptions } from './config';
import { hexBytes, quantity } from './json-hex';
import { goEscape } from '../tracer/host/result-json';

/** A log; geth v1.13 (coreth) numbers no logs. */
function logJson(log: CallLog, indexed: boolean): unknown {
  return {
    address: hexBytes(log.address),
    topics: log.topics.map((t) => '0x' + t.toString(16).padStart(64, '0')),
    data: hexBytes(log.data),
    ...(indexed ? { index: quantity(log.index) } : {}),
    position: quantity(log.position),
  };
}

/** In geth's field order; empty output, error, calls and logs are left out. */
function callFrameJson(frame: CallFrame, indexed: boolean): unknown {
  return {
    from: hexBytes(frame.from),
    gas: quantity(frame.gas),
    gasUsed: quantity(frame.gasUsed),
    ...(frame.to ? { to: hexBytes(frame.to) } : {}),
    input: hexBytes(frame.input),
    ...(frame.output?.length ? { output: hexBytes(frame.output) } : {}),
    ...(frame.error ? { error: frame.error } : {}),
    ...(frame.revertReason ? { revertReason: frame.revertReason } : {}),
    ...(frame.calls.length ? { calls: frame.calls.map((call) => callFrameJson(call, indexed)) } : {}),
    ...(frame.logs.length ? { logs: frame.logs.map((log) => logJson(log, indexed)) } : {}),
    ...(frame.value !== undefined ? { value: quantity(frame.value) } : {}),
    type: frame.type,
  };
}

export const callTracer: BuiltinFactory = (config, traits) => {
  const options = boolOptions(config, 'native.callTracerConfig', ['onlyTopCall', 'withLog']);
  if ('error' in options) return options;
  let collector: CallCollector | undefined;
  return {
    steps: options.withLog ? [...callOpcodes, ...logOpcodes] : callOpcodes,
    txStart(env: TxStartEnv) {
      collector = new CallCollector({ ...options, firstLogIndex: env.firstLogIndex, homestead: env.common.gteHardfork('homestead') });
    },
    setContext: (fields) => collector?.setContext(fields),
    step: (view) => collector?.step(view),
    fault() {},
    enter: (view) => collector?.enter(view),
    exit: (view) => collector?.exit(view),
    topFailedCheck: () => collector?.topFailedCheck(),
    result() {
      const top = collector?.result() ?? { error: 'incorrect number of top-level calls' };
      return 'error' in top ? top : { json: goEscape(JSON.stringify(callFrameJson(top.frame, traits.builtins === 'geth-1.17'))) };
    },
  };
};
