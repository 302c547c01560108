// A geth tracer-test fixture (genesis + context + signed input, see the conformance corpus README) as a
// TraceJob, checked field by field so a malformed file gets an error naming the field.
import type { TraceJob } from '../evm/job';
import { normaliseAlloc } from '../chain/genesis';
import { parseAddress, parseData, parseQuantity } from '../chain/hex';

function object(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${where}: expected an object`);
  return value as Record<string, unknown>;
}

const optionalQuantity = (value: unknown, where: string) =>
  value === undefined ? undefined : '0x' + parseQuantity(value, where).toString(16);

/** `tracerConfig`: raw JSON text for setup(); defaults to the fixture's own `tracerConfig`. */
export function fixtureJob(fixture: unknown, source: string, tracer: string, tracerConfig?: string): TraceJob {
  const root = object(fixture, source);
  const genesis = object(root.genesis, `${source}: genesis`);
  const config = object(genesis.config, `${source}: genesis.config`);
  const context = object(root.context, `${source}: context`);
  const at = (field: string) => `${source}: context.${field}`;
  return {
    chainConfig: { ...config, chainId: Number(parseQuantity(config.chainId, `${source}: genesis.config.chainId`)) },
    preState: normaliseAlloc(genesis.alloc ?? {}, `${source}: genesis.alloc`),
    block: {
      number: optionalQuantity(context.number, at('number'))!,
      timestamp: optionalQuantity(context.timestamp, at('timestamp'))!,
      gasLimit: optionalQuantity(context.gasLimit, at('gasLimit'))!,
      difficulty: optionalQuantity(context.difficulty, at('difficulty')),
      coinbase: parseAddress(context.miner ?? '0x' + '00'.repeat(20), at('miner')),
      baseFeePerGas: optionalQuantity(context.baseFeePerGas, at('baseFeePerGas')),
      excessBlobGas: optionalQuantity(context.excessBlobGas ?? genesis.excessBlobGas, at('excessBlobGas')),
      prevRandao: context.mixHash === undefined ? undefined : parseData(context.mixHash, at('mixHash')),
    },
    transactions: [{ raw: parseData(root.input, `${source}: input`) }],
    trace: [0],
    tracer,
    tracerConfig: tracerConfig ?? (root.tracerConfig === undefined ? undefined : JSON.stringify(root.tracerConfig)),
    timeoutMs: 60_000,
  };
}
