// The rules one block runs under (made by common.ts's rulesFor): a type of its own so that the modules
// common.ts builds on (avalanche.ts) can take it without importing common.ts.
import type { Common } from '@ethereumjs/common';
import type { AvalancheRules } from '../chain/rules/avalanche';
import type { Unreproducible } from './unreproducible';

export interface BlockRules {
  common: Common;
  /** The C-Chain upgrades active at the block; undefined on chains with Ethereum's rules. */
  avalanche?: AvalancheRules;
  timestamp: bigint;
  /** Filled in when a run under these rules used what cannot be reproduced (KZG, an Avalanche precompile). */
  unreproducible: Unreproducible;
}
