// The smallest trace job: one call into a contract that stores a byte in memory (or runs `code`), traced with
// `tracer`, for tests about the tracer's realm and worker rather than the EVM.
import type { TraceJob, TraceOutcome } from '../../runtime/evm/job';
import { runTraceJob } from '../../runtime/trace/run';
import { forksThrough } from '../support/genesis-config';

export function oneCallJob(tracer: string, timeoutMs: number, code = '0x6001600052600160005300'): TraceJob {
  return {
    chainConfig: forksThrough(1, 'london'),
    preState: { '0x00000000000000000000000000000000000000aa': { code } },
    block: {
      number: '1',
      timestamp: '10',
      gasLimit: '0x1000000',
      coinbase: '0x0000000000000000000000000000000000000000',
      baseFeePerGas: '0',
    },
    transactions: [
      {
        call: {
          from: '0x00000000000000000000000000000000000000bb',
          to: '0x00000000000000000000000000000000000000aa',
          gas: '0x100000',
          gasPrice: '0x0',
        },
      },
    ],
    trace: [0],
    tracer,
    timeoutMs,
  };
}

/** The outcome of tracing the one call with `tracer` in a (pooled) trace worker. */
export async function traceOneCall(tracer: string, timeoutMs: number): Promise<TraceOutcome> {
  const [outcome] = await runTraceJob(oneCallJob(tracer, timeoutMs));
  return outcome;
}
