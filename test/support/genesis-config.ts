// geth genesis `config`s with every fork active from genesis up to a named one: the chains of the tests and
// benches that build trace jobs by hand.
import type { GethChainConfig } from '../../runtime/chain/rules/config-value';

const blockForks = ['homestead', 'eip150', 'eip155', 'eip158', 'byzantium', 'constantinople', 'petersburg', 'istanbul', 'berlin', 'london'];
const timeForks = ['shanghai', 'cancun', 'prague', 'osaka'] as const;

/** Chain `chainId` with Homestead … London at block 0 and the timed forks up to `last` at time 0; `extra`
 * adds keys such as `terminalTotalDifficulty`. */
export function forksThrough(
  chainId: number,
  last: 'london' | (typeof timeForks)[number],
  extra: Record<string, number> = {},
): GethChainConfig {
  const config: GethChainConfig = { chainId };
  for (const fork of blockForks) config[`${fork}Block`] = 0;
  const timed = last === 'london' ? [] : timeForks.slice(0, timeForks.indexOf(last) + 1);
  for (const fork of timed) config[`${fork}Time`] = 0;
  return { ...config, ...extra };
}
