// Check Node Support: does the selected (or named) node run custom JS tracers, and is it the expected chain?
import * as vscode from 'vscode';
import type { SupportReport } from '../../core/support-check';
import type { Ctx } from '../ctx';
import type { CommandFactory } from './command';

export const checkSupport: CommandFactory = (ctx) => async (nodeName?: string): Promise<SupportReport> => {
  const node = nodeName === undefined ? ctx.nodes.selected() : ctx.nodes.find(nodeName);
  if (!node) throw new Error(`No node named "${nodeName}".`);
  const report = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `EVM Tracer: checking ${node.name}`, cancellable: true },
    async (_progress, token) => {
      const endpoint = await ctx.nodes.endpoint(node);
      const [{ createRpcClient }, { checkSupport: check }] = await Promise.all([import('../../core/rpc/client'), import('../../core/support-check')]);
      const client = createRpcClient(endpoint, { log: (line) => ctx.log.trace(line) });
      const controller = new AbortController();
      token.onCancellationRequested(() => controller.abort());
      try {
        return await check(client, endpoint, { signal: controller.signal });
      } finally {
        await client.close();
      }
    },
  );
  showReport(ctx, node.name, report);
  return report;
};

function showReport(ctx: Ctx, name: string, report: SupportReport): void {
  const chain = report.chainId === undefined ? '' : ` Chain id ${report.chainId}${report.chainIdMatches === false ? ' (not the expected network!)' : ''}.`;
  const text = `${name}: ${report.status}: ${report.detail}.${chain}${report.warnings.length ? ` ${report.warnings.join(' ')}` : ''}`;
  ctx.log.info(`support check: ${text}`);
  if (report.status === 'supported' && report.chainIdMatches !== false) void vscode.window.showInformationMessage(text);
  else void vscode.window.showWarningMessage(text);
}
