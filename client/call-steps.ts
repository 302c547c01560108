// The steps of a call or transaction both Trace Call's builder and Send Transaction ask: from (the node's
// accounts with balances), to (the seeded contracts, a typed address, or none for a creation), data (raw hex),
// value and gas, each with its default as the placeholder.
import type * as vscode from 'vscode';
import { formatBalance, nativeSymbol, nodeAccounts } from '../core/chain/accounts';
import { readSeedInfo, type KnownContract } from '../core/chain/seed-info';
import { quantity } from '../core/chain/shapes';
import { toCallObject, toQuantity, type CallObject } from '../core/trace/call';
import type { NodeSettings } from './config';
import type { Ctx } from './ctx';
import { withNodeClient } from './node-client';
import { problem } from './prompts';
import { back, input, pick, type Answer, type StepPosition } from './quick-input';

export interface Choice<T> extends vscode.QuickPickItem {
  value: T;
}

export type Step = (position: StepPosition & { canGoBack: boolean }) => Promise<Answer<unknown>>;

/** The fields asked so far (quantities as 0x hex). */
export interface CallDraft {
  from?: string;
  to?: string;
  data?: string;
  value?: string;
  gas?: string;
}

const addressProblem = (text: string) => problem(() => toCallObject({ to: text }, 'address'));

/** What the node can tell the prompts: its accounts (with balances) and the contracts it knows. */
export interface NodeFacts {
  accounts: Choice<string>[];
  contracts: KnownContract[];
}

export async function nodeFacts(ctx: Ctx, node: NodeSettings): Promise<NodeFacts> {
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

export interface CallStepOptions {
  /** Send Transaction: the node signs, so the sender must be one of its accounts. */
  accountsOnly: boolean;
}

/** The from, to, data, value and gas steps, filling `draft`. */
export function callSteps(facts: NodeFacts, state: CallDraft, options: CallStepOptions): { from: Step; to: Step; data: Step; value: Step; gas: Step } {
  const typedAddress = (text: string): Choice<string> | string => addressProblem(text) ?? { label: text, description: 'typed', value: text };
  const fromStep: Step = async (position) => {
    const answer = await pick<Choice<string | undefined>>({
      position,
      placeholder: options.accountsOnly
        ? 'from: the sender, one of the accounts the node signs for'
        : `from: the sender (default: none, the zero address). ${facts.accounts.length ? 'Pick an account or type an address' : 'Type an address'}`,
      items: options.accountsOnly ? facts.accounts : [...facts.accounts, { label: 'none', description: 'the zero address, with no balance', value: undefined }],
      typed: options.accountsOnly ? undefined : typedAddress,
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

  /** The known contract's functions that take no arguments: their selector is the whole input. */
  const functionItems = (): Choice<string | undefined>[] => {
    const contract = facts.contracts.find((known) => known.address === state.to?.toLowerCase());
    if (!contract) return [];
    return [...contract.functions]
      .filter(([, signature]) => signature.endsWith('()'))
      .map(([selector, signature]) => ({ label: signature, description: `${contract.name} · ${selector}`, value: selector }));
  };

  const dataStep: Step = async (position) => {
    const functions = functionItems();
    const answer = await pick<Choice<string | undefined>>({
      position,
      placeholder: `data: ${state.to ? 'the call input' : 'the init code'} (default: none). ${functions.length ? 'Pick a function or type' : 'Type'} 0x hex bytes`,
      items: [...functions, { label: 'none', description: 'no input', value: undefined }],
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


  return {
    from: fromStep,
    to: toStep,
    data: dataStep,
    value: quantityStep('value', 'value: wei sent with it (decimal or 0x)', '0'),
    gas: quantityStep('gas', 'gas: the gas limit (decimal or 0x)', options.accountsOnly ? 'estimated by the node' : "the node's default (geth: 50,000,000)"),
  };
}

/** The draft as a checked call object (unset fields left out). */
export function draftCall(draft: CallDraft): CallObject {
  return toCallObject(Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== undefined)));
}
