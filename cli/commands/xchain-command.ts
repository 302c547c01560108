// `evm-tracer xchain balance`: an X-Chain balance through avm.getBalance.
import { xChainUrlFromCChain } from '../../core/rpc/endpoint';
import { checkXChainAddress, getXChainBalance } from '../../core/xchain-balance';
import { expectPositionals, UsageError } from '../command-line';
import { commandWithNode, requestTimeoutOption } from '../command-with-node';

export const xchainCommand = commandWithNode({
  name: 'xchain',
  summary: 'X-Chain: xchain balance --address X-... [--asset AVAX]',
  synopsis: ['balance --address X-... [--asset AVAX|ASSET_ID] [--json] [options]'],
  description: `Asks the X-Chain (avm.getBalance) for the address's balance of the asset (default AVAX) and prints it
in the asset's denomination. The X-Chain URL is --x-chain, or the node's host with /ext/bc/X.`,
  options: {
    address: { type: 'string', value: 'X-...', help: 'the X-Chain address' },
    asset: { type: 'string', value: 'AVAX|ASSET_ID', help: 'the asset (default AVAX)' },
    json: { type: 'boolean', help: 'print the balance as JSON' },
    timeout: requestTimeoutOption,
  },
  prepare({ values, positionals }) {
    const [action] = positionals;
    if (action !== 'balance')
      throw new UsageError(action ? `unknown xchain action '${action}' (use balance)` : 'xchain needs an action: balance');
    expectPositionals(positionals, 1);
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
