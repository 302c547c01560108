// A hand-written case as a TraceJob: a call from one sender to the first of a few contracts given as
// programs, on a chain with every fork through Osaka, for pinned cases and the tests of fixed findings.
import type { TraceJob } from '../../runtime/evm/job';
import { assemble, type Item } from './asm';
import { forksThrough } from '../support/genesis-config';

export const smallSender = '0x00000000000000000000000000000000000000bb';
/** The contracts' addresses, in the order their programs are given. */
export const smallContracts = [
  '0x00000000000000000000000000000000000000c1',
  '0x00000000000000000000000000000000000000c2',
  '0x00000000000000000000000000000000000000c3',
];
export const osakaConfig = forksThrough(1337, 'osaka', { terminalTotalDifficulty: 0 });

/** Every fork through Cancun. */
export const cancunConfig = Object.fromEntries(
  Object.entries(osakaConfig).filter(([key]) => key !== 'pragueTime' && key !== 'osakaTime'),
) as typeof osakaConfig;

export interface SmallJobOptions {
  /** Default: every fork through Osaka (osakaConfig). Before Shanghai zeros are pushed with PUSH1. */
  chainConfig?: TraceJob['chainConfig'];
  tracerConfig?: string;
  gas?: string;
  value?: string;
  data?: string;
  timeoutMs?: number;
}

export function smallJob(tracer: string, programs: Item[][], options: SmallJobOptions = {}): TraceJob {
  const preState: TraceJob['preState'] = { [smallSender]: { balance: '0xffffffffffffffffff' } };
  const chainConfig = options.chainConfig ?? osakaConfig;
  // A zero is pushed with PUSH0 where the chain has it (from Shanghai).
  const push0 = 'shanghaiTime' in chainConfig;
  programs.forEach((items, i) => (preState[smallContracts[i]] = { balance: '0x10', code: assemble(items, [], push0) }));
  return {
    chainConfig,
    preState,
    block: {
      number: '0x10',
      timestamp: '0x100',
      gasLimit: '0x1c9c380',
      coinbase: '0x0000000000000000000000000000000000000000',
      baseFeePerGas: '0x7',
      prevRandao: '0x' + '11'.repeat(32),
    },
    transactions: [
      { call: { from: smallSender, to: smallContracts[0], gas: options.gas ?? '0x30000', value: options.value, data: options.data } },
    ],
    trace: [0],
    tracer,
    tracerConfig: options.tracerConfig,
    timeoutMs: options.timeoutMs ?? 10_000,
  };
}
