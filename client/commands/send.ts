// Send Transaction… and Deploy Contract… on the local node: from one of its dev accounts (shown with
// balances), to a seeded contract, a workspace artifact or a typed address, with value, data (a function
// with typed arguments, or hex) and gas; or a workspace artifact deployed with its constructor arguments.
// The mined transaction is offered for tracing at once.
import * as vscode from 'vscode';
import { shortHex } from '../../core/chain/shapes';
import { toCallObject, type CallObject } from '../../core/trace/call';
import { callSteps, draftCall, nodeFacts, type CallDraft } from '../call-steps';
import type { Ctx } from '../ctx';
import { withNodeClient } from '../node-client';
import { LOCAL_NODE_NAME } from '../nodes';
import { offerTrace } from '../offer-trace';
import { runSteps } from '../quick-input';
import type { CommandFactory } from './command';

interface SentTransaction {
  hash: string;
  block: string;
  status: 'success' | 'failed';
  contractAddress?: string;
}

/** Sends `call` from a dev account of the local node and waits for its receipt (the node mines at once). */
async function sendOnLocalNode(ctx: Ctx, call: CallObject): Promise<SentTransaction> {
  const node = ctx.nodes.find(LOCAL_NODE_NAME)!;
  const sent = await withNodeClient(ctx, node, async (client) => {
    const hash = await client.request<string>('eth_sendTransaction', [call]);
    const receipt = await client.request<{ blockNumber: string; status: string; contractAddress?: string | null }>(
      'eth_getTransactionReceipt',
      [hash],
    );
    return {
      hash,
      block: BigInt(receipt.blockNumber).toString(),
      status: receipt.status === '0x1' ? 'success' : 'failed',
      contractAddress: receipt.contractAddress ?? undefined,
    } as const;
  });
  const created = sent.contractAddress ? `, created ${sent.contractAddress}` : '';
  ctx.log.info(`sent ${sent.hash} on the local node: block ${sent.block}, ${sent.status}${created}`);
  offerTrace(
    sent.hash,
    `Transaction ${shortHex(sent.hash)} mined in block ${sent.block}: ${sent.status === 'success' ? 'succeeded' : 'failed'}${created}.`,
  );
  return sent;
}

export const sendTransaction: CommandFactory =
  (ctx) =>
  async (args?: { call?: Record<string, unknown> }): Promise<SentTransaction | undefined> => {
    if (args?.call) return sendOnLocalNode(ctx, toCallObject(args.call, 'call argument'));
    const node = ctx.nodes.find(LOCAL_NODE_NAME)!;
    const facts = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Reading the dev accounts' }, () =>
      nodeFacts(ctx, node),
    );
    const draft: CallDraft = { args: [] };
    const steps = callSteps(facts, draft, { accountsOnly: true });
    if (
      !(await runSteps(
        () => [steps.from, ...steps.target(), ...steps.data(), steps.value, steps.gas],
        'Send Transaction on the local node',
      ))
    )
      return undefined;
    return sendOnLocalNode(ctx, draftCall(draft));
  };

/** Deploy Contract… on the local node: a workspace artifact, its constructor arguments, from a dev account. */
export const deployContract: CommandFactory = (ctx) => async (): Promise<SentTransaction | undefined> => {
  const node = ctx.nodes.find(LOCAL_NODE_NAME)!;
  const facts = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: 'Reading the dev accounts and artifacts' },
    () => nodeFacts(ctx, node),
  );
  const draft: CallDraft = { args: [] };
  const steps = callSteps(facts, draft, { accountsOnly: true });
  if (!(await runSteps(() => [...steps.deploy(), steps.from, steps.value, steps.gas], 'Deploy Contract on the local node')))
    return undefined;
  return sendOnLocalNode(ctx, draftCall(draft));
};
