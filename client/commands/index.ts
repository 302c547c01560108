// Every command the extension contributes, each loaded on first use so activation stays light.
import type { CommandFactory } from './command';

export const commands: Record<string, () => Promise<CommandFactory>> = {
  'evmTracer.flatten': async () => (await import('./flatten')).flatten,
  'evmTracer.flattenAsRequest': async () => (await import('./flatten')).flattenAsRequest,
  'evmTracer.flattenAsCurl': async () => (await import('./flatten')).flattenAsCurl,
  'evmTracer.traceTransaction': async () => (await import('./trace')).traceTransaction,
  'evmTracer.traceCall': async () => (await import('./trace')).traceCall,
  'evmTracer.traceBlock': async () => (await import('./trace')).traceBlock,
  'evmTracer.rerunLastTrace': async () => (await import('./trace')).rerunLastTrace,
  'evmTracer.cancelTraces': async () => (await import('./trace')).cancelTraces,
  'evmTracer.compareWithPrevious': async () => (await import('./compare')).compareWithPrevious,
  'evmTracer.checkSupport': async () => (await import('./check-support')).checkSupport,
  'evmTracer.selectNode': async () => (await import('./nodes')).selectNode,
  'evmTracer.addNode': async () => (await import('./nodes')).addNode,
  'evmTracer.editNode': async () => (await import('./nodes')).editNode,
  'evmTracer.removeNode': async () => (await import('./nodes')).removeNode,
  'evmTracer.startLocalNode': async () => (await import('./local-node')).startLocalNode,
  'evmTracer.stopLocalNode': async () => (await import('./local-node')).stopLocalNode,
  'evmTracer.xChainBalance': async () => (await import('./xchain')).xChainBalance,
  'evmTracer._test.lastResultView': async () => (await import('./test-hooks')).lastResultView,
  'evmTracer._test.logFolder': async () => (await import('./test-hooks')).logFolder,
};
