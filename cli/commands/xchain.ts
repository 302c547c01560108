// `evm-tracer xchain balance`: an X-Chain balance through avm.getBalance.
import { xChainUrlFromCChain } from '../../core/rpc/endpoint';
import { getXChainBalance } from '../../core/xchain';
import { nodeOptions, nodeOptionsHelp } from '../node/select';
import { parseCommandLine, reportFailure, UsageError, withNode } from '../node/command-kit';
import type { Command } from './command';

const usage = `usage: evm-tracer xchain balance --address X-... [--asset AVAX|ASSET_ID] [--json] [options]

Asks the X-Chain (avm.getBalance) for the address's balance of the asset (default AVAX) and prints it
in the asset's denomination. The X-Chain URL is --x-chain, or the node's host with /ext/bc/X.

  --timeout DURATION     per-request time-out, e.g. 30s

${nodeOptionsHelp}`;

const options = {
  ...nodeOptions,
  address: { type: 'string' },
  asset: { type: 'string' },
  json: { type: 'boolean' },
  timeout: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export const xchainCommand: Command = {
  summary: 'X-Chain: xchain balance --address X-... [--asset AVAX]',
  async run(argv) {
    let parsed: ReturnType<typeof parseCommandLine<typeof options>>;
    try {
      parsed = parseCommandLine(argv, options);
      if (parsed.values.help) {
        process.stdout.write(`${usage}\n`);
        return 0;
      }
      const [action, ...rest] = parsed.positionals;
      if (action !== 'balance') throw new UsageError(action ? `unknown xchain action '${action}' (use balance)` : 'xchain needs an action: balance');
      if (rest.length > 0) throw new UsageError(`unexpected argument '${rest[0]}'`);
      if (!parsed.values.address) throw new UsageError('xchain balance needs --address X-...');
    } catch (error) {
      return reportFailure(error, usage);
    }
    const { values } = parsed;
    return withNode(values, usage, async ({ endpoint, client }) => {
      const url = endpoint.xChainUrl ?? xChainUrlFromCChain(endpoint.url);
      const balance = await getXChainBalance(client(url), values.address!, values.asset ?? 'AVAX');
      if (values.json) {
        process.stdout.write(`${JSON.stringify(balance, null, 2)}\n`);
      } else {
        const unit = balance.symbol ?? balance.assetID;
        const shown = balance.amount === undefined ? `${balance.balance} (smallest units of ${unit})` : `${balance.amount} ${unit}`;
        process.stdout.write(`${balance.address}: ${shown}\n`);
      }
      return 0;
    });
  },
};
