// Builds a TraceJob from a geth tracer-test fixture (format in ../shared/conformance/README.md).
import type { TraceJob } from '../../runtime/trace/job';

export interface Fixture {
  genesis: { config: TraceJob['chainConfig']; alloc: TraceJob['preState'] };
  context: Record<string, string | undefined>;
  input: string;
  tracerConfig?: unknown;
  result: unknown;
}

export function fixtureJob(fixture: Fixture, tracer: string, tracerConfig?: string): TraceJob {
  const c = fixture.context;
  return {
    chainConfig: fixture.genesis.config,
    preState: fixture.genesis.alloc,
    block: {
      number: c.number!,
      timestamp: c.timestamp!,
      gasLimit: c.gasLimit!,
      difficulty: c.difficulty,
      coinbase: c.miner!,
      baseFeePerGas: c.baseFeePerGas,
      excessBlobGas: c.excessBlobGas,
      prevRandao: c.mixHash ?? c.random,
    },
    transactions: [{ raw: fixture.input }],
    trace: [0],
    tracer,
    tracerConfig,
    timeoutMs: 60_000,
  };
}
