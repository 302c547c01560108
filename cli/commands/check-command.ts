// `evm-tracer check`: does the node run custom JS tracers, and is it on the expected network?
import { checkSupport } from '../../core/support-check';
import { displayUrl } from '../../core/rpc/endpoint';
import { expectPositionals } from '../command-line';
import { commandWithNode, requestTimeoutOption } from '../command-with-node';

export const checkCommand = commandWithNode({
  name: 'check',
  summary: 'check whether a node runs custom JS tracers (and its chain id)',
  synopsis: ['[options]'],
  description: `Sends a small sample tracer and reports one of: supported (with the syntax the engine accepts),
disabled, ignored (a default trace came back instead), unreachable, unauthorized. Exit status 0 only
when supported and on the expected network.`,
  options: {
    json: { type: 'boolean', help: 'print the report as JSON' },
    timeout: requestTimeoutOption,
  },
  prepare({ positionals }) {
    expectPositionals(positionals, 0);
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
