// Trace Call's call builder, when no call file is given: from (the node's accounts with balances), to (the
// seeded contracts, or a typed address, or none for a creation), data (raw hex, or a function of a known
// ABI with typed arguments), value, gas, block, the tracerConfig when the tracer takes one, and at the end
// an offer to save it all as `<name>.call.json` (and `<name>.config.json`) so the next run asks nothing.
import * as vscode from 'vscode';
import { formatBalance, nativeSymbol, nodeAccounts } from '../core/chain/accounts';
import { readSeedInfo, type KnownContract } from '../core/chain/seed-info';
import { quantity } from '../core/chain/shapes';
import { parseBlockTag } from '../core/trace/block';
import { toCallObject, toQuantity, type CallObject } from '../core/trace/call';
import type { NodeSettings } from './config';
import type { Ctx } from './ctx';
import { withNodeClient } from './node-client';
import { blockError, jsonError, problem } from './prompts';
import { back, input, pick, runSteps, type Answer, type StepPosition } from './quick-input';
import { tracerBaseName } from './tracer-files';

export interface BuiltCall {
  call: CallObject;
  block: string;
  /** The tracerConfig JSON text, when it was one of the steps (undefined: none). */
  tracerConfig?: string;
}

interface Choice<T> extends vscode.QuickPickItem {
  value: T;
}

type Step = (position: StepPosition & { canGoBack: boolean }) => Promise<Answer<unknown>>;

const addressProblem = (text: string) => problem(() => toCallObject({ to: text }, 'address'));

/** What the node can tell the prompts: its accounts (with balances) and the contracts it knows. */
interface NodeFacts {
  accounts: Choice<string>[];
  contracts: KnownContract[];
}

async function nodeFacts(ctx: Ctx, node: NodeSettings): Promise<NodeFacts> {
  return withNodeClient(ctx, node, async (client) => {
    const [accounts, seed, chainId] = await Promise.all([
      nodeAccounts(client),
      readSeedInfo(client),
      client.request<unknown>('eth_chainId', []).then(quantity, () => undefined),
    ]);
    const symbol = nativeSymbol(chainId === undefined ? undefined : Number(chainId));
    const kind = ctx.nodes.isLocal(node) ? 'dev account' : 'node account';
    return {
      accounts: accounts.map((account, index) => ({
        label: account.address,
        description: [`${kind} ${index}`, account.balance === undefined ? undefined : formatBalance(account.balance, symbol)].filter(Boolean).join(' · '),
        value: account.address,
      })),
      contracts: seed.contracts,
    };
  });
}

export async function buildCall(ctx: Ctx, node: NodeSettings, tracer: vscode.Uri, options: { askConfig: boolean }): Promise<BuiltCall | undefined> {
  const facts = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `Reading accounts on ${node.name}` }, () => nodeFacts(ctx, node));
  const base = tracerBaseName(tracer);
  const state: { from?: string; to?: string; data?: string; value?: string; gas?: string; block: string; config?: string; save: boolean } = { block: 'latest', save: false };
  const typedAddress = (text: string): Choice<string> | string => addressProblem(text) ?? { label: text, description: 'typed', value: text };

  const fromStep: Step = async (position) => {
    const answer = await pick<Choice<string | undefined>>({
      position,
      placeholder: `from: the sender (default: none, the zero address). ${facts.accounts.length ? 'Pick an account or type an address' : 'Type an address'}`,
      items: [...facts.accounts, { label: 'none', description: 'the zero address, with no balance', value: undefined }],
      typed: typedAddress,
      canGoBack: position.canGoBack,
    });
    if (answer && answer !== back) state.from = answer.value;
    return answer;
  };

  const toStep: Step = async (position) => {
    const contracts: Choice<string | undefined>[] = facts.contracts.map((contract) => ({ label: contract.name, description: `${contract.address} · seeded example`, value: contract.address }));
    const answer = await pick<Choice<string | undefined>>({
      position,
      placeholder: 'to: the contract to call (default: none, a contract creation with data as its code). Pick one or type an address',
      items: [...contracts, { label: 'none', description: 'contract creation: data is the init code', value: undefined }],
      typed: typedAddress,
      canGoBack: position.canGoBack,
    });
    if (answer && answer !== back) state.to = answer.value;
    return answer;
  };

  const dataStep: Step = async (position) => {
    const answer = await pick<Choice<string | undefined>>({
      position,
      placeholder: `data: ${state.to ? 'the call input' : 'the init code'} (default: none). Type 0x hex bytes`,
      items: [{ label: 'none', description: 'no input', value: undefined }],
      typed: (text) => problem(() => toCallObject({ data: text }, 'data')) ?? { label: text.length > 66 ? `${text.slice(0, 66)}…` : text, description: 'typed', value: text },
      canGoBack: position.canGoBack,
    });
    if (answer && answer !== back) state.data = answer.value;
    return answer;
  };

  const quantityStep = (field: 'value' | 'gas', prompt: string, placeholder: string): Step => async (position) => {
    const answer = await input({
      position,
      prompt,
      placeholder,
      value: state[field] === undefined ? '' : BigInt(state[field]).toString(),
      validate: (text) => (text.trim() ? problem(() => toQuantity(text, field)) : undefined),
      canGoBack: position.canGoBack,
    });
    if (answer !== undefined && answer !== back) state[field] = answer.trim() ? toQuantity(answer, field) : undefined;
    return answer;
  };

  const blockStep: Step = async (position) => {
    const answer = await input({
      position,
      prompt: 'block: the state the call runs on: latest, a number, a 0x quantity or a block hash',
      placeholder: 'latest',
      value: state.block === 'latest' ? '' : state.block,
      validate: (text) => (text.trim() ? blockError(text) : undefined),
      canGoBack: position.canGoBack,
    });
    if (answer !== undefined && answer !== back) state.block = answer.trim() ? parseBlockTag(answer) : 'latest';
    return answer;
  };

  const configStep: Step = async (position) => {
    const answer = await input({
      position,
      prompt: 'tracerConfig: the JSON passed to setup() (empty: none)',
      placeholder: '{"key": "value"}',
      value: state.config ?? '',
      validate: jsonError,
      canGoBack: position.canGoBack,
    });
    if (answer !== undefined && answer !== back) state.config = answer.trim() || undefined;
    return answer;
  };

  const saveStep: Step = async (position) => {
    const files = [`${base}.call.json`, ...(state.config ? [`${base}.config.json`] : [])].join(' and ');
    const answer = await pick<Choice<boolean>>({
      position,
      placeholder: 'Trace it now; saved, the next Trace Call of this tracer asks nothing',
      items: [
        { label: `Save as ${files} and trace`, description: 'beside the tracer', value: true },
        { label: 'Trace without saving', value: false },
      ],
      canGoBack: position.canGoBack,
    });
    if (answer && answer !== back) state.save = answer.value;
    return answer;
  };

  const steps: Step[] = [
    fromStep,
    toStep,
    dataStep,
    quantityStep('value', 'value: wei sent with the call (decimal or 0x)', '0'),
    quantityStep('gas', 'gas: the gas limit (decimal or 0x)', "the node's default (geth: 50,000,000)"),
    blockStep,
    ...(options.askConfig ? [configStep] : []),
    saveStep,
  ];
  if (!(await runSteps(() => steps, `Trace Call on ${node.name}`))) return undefined;
  const call = toCallObject(Object.fromEntries(Object.entries({ from: state.from, to: state.to, gas: state.gas, value: state.value, data: state.data }).filter(([, value]) => value !== undefined)));
  if (state.save) await saveCompanions(tracer, base, call, state.config);
  return { call, block: state.block, ...(options.askConfig ? { tracerConfig: state.config } : {}) };
}

async function saveCompanions(tracer: vscode.Uri, base: string, call: CallObject, config: string | undefined): Promise<void> {
  const folder = vscode.Uri.joinPath(tracer, '..');
  const write = (name: string, text: string) => vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, name), Buffer.from(text, 'utf8'));
  await write(`${base}.call.json`, JSON.stringify(call, null, 2) + '\n');
  if (config) await write(`${base}.config.json`, config.trim() + '\n');
}

