// Check Node Support: does the selected (or named) node run custom JS tracers, and is it the expected chain?
import * as vscode from 'vscode';
import type { SupportReport } from '../../core/support-check';
import type { Ctx } from '../ctx';
import type { CommandFactory } from './command';

export const checkSupport: CommandFactory =
  (ctx) =>
  async (nodeName?: string): Promise<SupportReport> => {
    const node = nodeName === undefined ? ctx.nodes.selected() : ctx.nodes.find(nodeName);
    if (!node) throw new Error(`No node named "${nodeName}".`);
    const report = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `EVM Tracer: checking ${node.name}`, cancellable: true },
      async (_progress, token) => {
        const endpoint = await ctx.nodes.endpoint(node);
        const [{ createRpcClient }, { checkSupport: check }] = await Promise.all([
          import('../../core/rpc/client'),
          import('../../core/support-check'),
        ]);
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
    if (report.chainId !== undefined) ctx.nodes.recordChainId(node, report.chainId);
    showReport(ctx, node.name, report);
    return report;
  };

/** The whole report goes to the output channel (a failed check at warning level); the notice is one short
 * line, with a button to those details when there are more. */
function showReport(ctx: Ctx, name: string, report: SupportReport): void {
  const chain =
    report.chainId === undefined
      ? ''
      : ` Chain id ${report.chainId}${report.chainIdMatches === false ? ' (not the expected network!)' : ''}.`;
  const ok = report.status === 'supported' && report.chainIdMatches !== false;
  const details = `support check: ${name}: ${report.status}: ${report.detail}.${chain}${report.warnings.map((warning) => `\n  warning: ${warning}`).join('')}`;
  if (ok) ctx.log.info(details);
  else ctx.log.warn(details);
  const notice = `${name}: ${NOTICES[report.status]}.${chain}`;
  const buttons = report.warnings.length > 0 || !ok ? ['Show Details'] : [];
  const shown = ok ? vscode.window.showInformationMessage(notice, ...buttons) : vscode.window.showWarningMessage(notice, ...buttons);
  void shown.then((choice) => {
    if (choice === 'Show Details') ctx.log.show(true);
  });
}

const NOTICES: Record<SupportReport['status'], string> = {
  supported: 'runs custom JS tracers',
  disabled: 'refuses custom JS tracers',
  ignored: 'ignores custom JS tracers (a default trace came back)',
  unreachable: 'not reachable',
  unauthorized: 'refused the credentials',
};
