// Every command the extension contributes, each loaded on first use so activation stays light.
import type { CommandFactory } from './command';

export const commands: Record<string, () => Promise<CommandFactory>> = {
  'evmTracer.newTracerFile': async () => (await import('./new-tracer')).newTracerFile,
  'evmTracer.flatten': async () => (await import('./flatten-commands')).flatten,
  'evmTracer.flattenAsRequest': async () => (await import('./flatten-commands')).flattenAsRequest,
  'evmTracer.flattenAsCurl': async () => (await import('./flatten-commands')).flattenAsCurl,
  'evmTracer.traceTransaction': async () => (await import('./trace')).traceTransaction,
  'evmTracer.traceCall': async () => (await import('./trace')).traceCall,
  'evmTracer.traceBlock': async () => (await import('./trace')).traceBlock,
  'evmTracer.traceBlockRange': async () => (await import('./trace-range')).traceBlockRange,
  'evmTracer.traceWithBuiltin': async () => (await import('./builtin-trace')).traceWithBuiltin,
  'evmTracer.debugTraceTransaction': async () => (await import('./debug')).debugTraceTransaction,
  'evmTracer.debugTraceCall': async () => (await import('./debug')).debugTraceCall,
  'evmTracer.debugTraceBlock': async () => (await import('./debug')).debugTraceBlock,
  'evmTracer.rerunLastTrace': async () => (await import('./trace')).rerunLastTrace,
  'evmTracer.cancelTraces': async () => (await import('./trace')).cancelTraces,
  'evmTracer.compareResults': async () => (await import('./compare')).compareResults,
  'evmTracer.result.rerun': async () => (await import('./result-panel')).rerun,
  'evmTracer.result.cancel': async () => (await import('./result-panel')).cancel,
  'evmTracer.result.find': async () => (await import('./result-panel')).find,
  'evmTracer.result.expandAll': async () => (await import('./result-panel')).expandAll,
  'evmTracer.result.collapseAll': async () => (await import('./result-panel')).collapseAll,
  'evmTracer.result.copyPath': async () => (await import('./result-panel')).copyPath,
  'evmTracer.result.copyValue': async () => (await import('./result-panel')).copyValue,
  'evmTracer.result.copy': async () => (await import('./result-panel')).copyResult,
  'evmTracer.result.saveJson': async () => (await import('./result-panel')).saveJson,
  'evmTracer.result.saveHtml': async () => (await import('./result-panel')).saveHtml,
  'evmTracer.checkSupport': async () => (await import('./check-support')).checkSupport,
  'evmTracer.selectNode': async () => (await import('./nodes')).selectNode,
  'evmTracer.addNode': async () => (await import('./nodes')).addNode,
  'evmTracer.editNode': async () => (await import('./nodes')).editNode,
  'evmTracer.removeNode': async () => (await import('./nodes')).removeNode,
  'evmTracer.startLocalNode': async () => (await import('./local-node-commands')).startLocalNode,
  'evmTracer.stopLocalNode': async () => (await import('./local-node-commands')).stopLocalNode,
  'evmTracer.clearForkCache': async () => (await import('./fork-cache')).clearForkCache,
  'evmTracer.sendTransaction': async () => (await import('./send')).sendTransaction,
  'evmTracer.deployContract': async () => (await import('./send')).deployContract,
  'evmTracer.xChainBalance': async () => (await import('./xchain-balance')).xChainBalance,
};

// Only in a test build (esbuild.mjs --test-hooks): never in the packaged extension.
if (EVM_TRACER_TEST_HOOKS) {
  for (const name of ['lastResultView', 'lastRangeView', 'logFolder', 'nodeStatus', 'activePrompt', 'answerPrompt'] as const) {
    commands[`evmTracer._test.${name}`] = async () => (await import('./test-hooks'))[name];
  }
}
