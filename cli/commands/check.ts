// `evm-tracer check`: does the node run custom JS tracers, and is it on the expected network?
import { checkSupport } from '../../core/support-check';
import { displayUrl } from '../../core/rpc/endpoint';
import { nodeCommand, UsageError } from '../node/command-kit';

const usage = `usage: evm-tracer check [options]

Sends a small sample tracer and reports one of: supported (with the syntax the engine accepts),
disabled, ignored (a default trace came back instead), unreachable, unauthorized. Exit status 0 only
when supported and on the expected network.

  --json                 print the report as JSON
  --timeout DURATION     per-request time-out, e.g. 30s`;

export const checkCommand = nodeCommand<{ json?: boolean }, void>({
  summary: 'check whether a node runs custom JS tracers (and its chain id)',
  usage,
  options: { json: { type: 'boolean' } },
  prepare({ positionals }) {
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  },
  async run({ endpoint, client }, _prepared, { values }) {
    const report = await checkSupport(client(), endpoint);
    if (values.json) {
      process.stdout.write(`${JSON.stringify({ node: displayUrl(endpoint), ...report }, null, 2)}\n`);
    } else {
      const chain = report.chainId === undefined ? '' : `, chain id ${report.chainId}`;
      process.stdout.write(`${endpoint.name} (${displayUrl(endpoint)}${chain}): ${report.status}\n  ${report.detail}\n`);
      for (const warning of report.warnings) process.stderr.write(`warning: ${warning}\n`);
    }
    return report.status === 'supported' && report.chainIdMatches !== false ? 0 : 1;
  },
});
