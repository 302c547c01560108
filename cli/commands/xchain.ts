// `evm-tracer xchain balance`: an X-Chain balance through avm.getBalance.
import { xChainUrlFromCChain } from '../../core/rpc/endpoint';
import { checkXChainAddress, getXChainBalance } from '../../core/xchain';
import { nodeCommand, UsageError } from '../node/command-kit';

const usage = `usage: evm-tracer xchain balance --address X-... [--asset AVAX|ASSET_ID] [--json] [options]

Asks the X-Chain (avm.getBalance) for the address's balance of the asset (default AVAX) and prints it
in the asset's denomination. The X-Chain URL is --x-chain, or the node's host with /ext/bc/X.

  --timeout DURATION     per-request time-out, e.g. 30s`;

export const xchainCommand = nodeCommand<{ address?: string; asset?: string; json?: boolean }, string>({
  summary: 'X-Chain: xchain balance --address X-... [--asset AVAX]',
  usage,
  options: { address: { type: 'string' }, asset: { type: 'string' }, json: { type: 'boolean' } },
  prepare({ values, positionals }) {
    const [action, ...rest] = positionals;
    if (action !== 'balance') throw new UsageError(action ? `unknown xchain action '${action}' (use balance)` : 'xchain needs an action: balance');
    if (rest.length > 0) throw new UsageError(`unexpected argument '${rest[0]}'`);
    if (!values.address) throw new UsageError('xchain balance needs --address X-...');
    return checkXChainAddress(values.address);
  },
  async run({ endpoint, client }, address, { values }) {
    const url = endpoint.xChainUrl ?? xChainUrlFromCChain(endpoint.url);
    const balance = await getXChainBalance(client(url), address, values.asset ?? 'AVAX');
    if (values.json) {
      process.stdout.write(`${JSON.stringify(balance, null, 2)}\n`);
    } else {
      const unit = balance.symbol ?? balance.assetID;
      const shown = balance.amount === undefined ? `${balance.balance} (smallest units of ${unit})` : `${balance.amount} ${unit}`;
      process.stdout.write(`${balance.address}: ${shown}\n`);
    }
    return 0;
  },
});
