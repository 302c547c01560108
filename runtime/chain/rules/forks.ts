// geth's fork schedule keys and the @ethereumjs hardfork each switches on, in activation order: the one table
// both the trace EVM (which fork is active at a block) and the dev chain (`--hardfork NAME`) read.
import { Hardfork } from '@ethereumjs/common';

interface GethFork {
  hardfork: Hardfork;
  /** The genesis `config` key whose block number or timestamp activates the fork. */
  key: string;
  /** Keys geth expects alongside `key` when a chain turns the fork on (EIP-155 comes with EIP-158). */
  companions?: readonly string[];
  /** Whether `evm-tracer node --hardfork` offers it (the DAO fork is a mainnet event, not a rule set). */
  selectable: boolean;
}

export const gethForks: readonly GethFork[] = [
  { hardfork: Hardfork.Homestead, key: 'homesteadBlock', selectable: true },
  { hardfork: Hardfork.Dao, key: 'daoForkBlock', selectable: false },
  { hardfork: Hardfork.TangerineWhistle, key: 'eip150Block', selectable: true },
  { hardfork: Hardfork.SpuriousDragon, key: 'eip158Block', companions: ['eip155Block'], selectable: true },
  { hardfork: Hardfork.Byzantium, key: 'byzantiumBlock', selectable: true },
  { hardfork: Hardfork.Constantinople, key: 'constantinopleBlock', selectable: true },
  { hardfork: Hardfork.Petersburg, key: 'petersburgBlock', selectable: true },
  { hardfork: Hardfork.Istanbul, key: 'istanbulBlock', selectable: true },
  { hardfork: Hardfork.MuirGlacier, key: 'muirGlacierBlock', selectable: true },
  { hardfork: Hardfork.Berlin, key: 'berlinBlock', selectable: true },
  { hardfork: Hardfork.London, key: 'londonBlock', selectable: true },
  { hardfork: Hardfork.ArrowGlacier, key: 'arrowGlacierBlock', selectable: true },
  { hardfork: Hardfork.GrayGlacier, key: 'grayGlacierBlock', selectable: true },
  { hardfork: Hardfork.Paris, key: 'mergeNetsplitBlock', selectable: true },
  { hardfork: Hardfork.Shanghai, key: 'shanghaiTime', selectable: true },
  { hardfork: Hardfork.Cancun, key: 'cancunTime', selectable: true },
  { hardfork: Hardfork.Prague, key: 'pragueTime', selectable: true },
  { hardfork: Hardfork.Osaka, key: 'osakaTime', selectable: true },
  // Blob-parameter-only forks (EIP-7892); ethereumjs' values are geth's default BPO1/BPO2 blob schedules.
  { hardfork: Hardfork.Bpo1, key: 'bpo1Time', selectable: false },
  { hardfork: Hardfork.Bpo2, key: 'bpo2Time', selectable: false },
];
