// The steps of a call or transaction that Trace Call's builder, Send Transaction and Deploy Contract ask:
// from (the node's accounts with balances), to (seeded contracts, workspace artifacts at an address, a typed
// address, or none for a creation), data (a known contract's functions with typed arguments, an artifact's
// init code with constructor arguments, or raw hex), value and gas, each with its default as the placeholder.
import type * as vscode from 'vscode';
import { AbiEncodeError, encodeCall, encodeParams } from '../core/abi/codec';
import { toHex } from '../core/abi/signature';
import { canonicalType, type AbiParam, type AbiType } from '../core/abi/types';
import { formatBalance, nativeSymbol, nodeAccounts } from '../core/chain/accounts';
import { functionLabel, type ContractInfo } from '../core/chain/contracts';
import { readSeedInfo } from '../core/chain/seed-info';
import { quantity } from '../core/chain/shapes';
import { toCallObject, toQuantity, type CallObject } from '../core/trace/call';
import type { NodeSettings } from './config';
import type { Ctx } from './ctx';
import { withNodeClient } from './node-client';
import { problem } from './prompts';
import { back, input, pick, type Answer, type StepPosition } from './quick-input';
import { workspaceArtifacts } from './workspace-artifacts';

export interface Choice<T> extends vscode.QuickPickItem {
  value: T;
}

export type Step = (position: StepPosition & { canGoBack: boolean }) => Promise<Answer<unknown>>;

/** How typed arguments become the data: a function call, or init code with constructor arguments. */
interface Encoding {
  label: string;
  params: AbiParam[];
  encode(args: string[]): string;
}

/** The fields asked so far (quantities as 0x hex). */
export interface CallDraft {
  from?: string;
  to?: string;
  /** The contract at `to`, or the artifact being deployed, when known. */
  contract?: ContractInfo;
  /** An artifact chosen as `to`: its address is asked next. */
  addressWanted?: boolean;
  data?: string;
  encoding?: Encoding;
  args: string[];
  value?: string;
  gas?: string;
}

const addressProblem = (text: string) => problem(() => toCallObject({ to: text }, 'address'));

/** What the prompts offer: the node's accounts (with balances), its seeded contracts, the workspace's artifacts. */
interface NodeFacts {
  accounts: Choice<string>[];
  contracts: ContractInfo[];
  artifacts: ContractInfo[];
}

export async function nodeFacts(ctx: Ctx, node: NodeSettings): Promise<NodeFacts> {
  const [fromNode, artifacts] = await Promise.all([
    withNodeClient(ctx, node, (client) =>
      Promise.all([nodeAccounts(client), readSeedInfo(client), client.request<unknown>('eth_chainId', []).then(quantity, () => undefined)]),
    ),
    workspaceArtifacts(ctx.log),
  ]);
  const [accounts, seed, chainId] = fromNode;
  const symbol = nativeSymbol(chainId === undefined ? undefined : Number(chainId));
  const kind = ctx.nodes.isLocal(node) ? 'dev account' : 'node account';
  return {
    accounts: accounts.map((account, index) => ({
      label: account.address,
      description: [`${kind} ${index}`, account.balance === undefined ? undefined : formatBalance(account.balance, symbol)]
        .filter(Boolean)
        .join(' · '),
      value: account.address,
    })),
    contracts: seed.contracts,
    artifacts,
  };
}

/** What to type for an argument of this type. */
function example(type: AbiType): string {
  switch (type.kind) {
    case 'address':
      return '0x… (20 bytes)';
    case 'uint':
    case 'int':
      return 'a number: 1000 or 0x3e8';
    case 'bool':
      return 'true or false';
    case 'string':
      return 'text';
    case 'bytes':
    case 'fixedBytes':
      return '0x… hex bytes';
    default:
      return 'a JSON array: ["1", "0xab…"]';
  }
}

const callEncoding = (contract: ContractInfo, index: number): Encoding => {
  const { abi } = contract.functions[index];
  return { label: functionLabel(abi), params: abi.inputs, encode: (args) => encodeCall(abi, args) };
};

const deployEncoding = (artifact: ContractInfo): Encoding => ({
  label: `${artifact.name} constructor`,
  params: artifact.constructorInputs,
  encode: (args) => artifact.bytecode! + toHex(encodeParams(artifact.constructorInputs, args)).slice(2),
});

/** The draft as a checked call object (unset fields left out; typed arguments encoded). */
export function draftCall(draft: CallDraft): CallObject {
  const data = draft.encoding ? draft.encoding.encode(draft.args) : draft.data;
  const fields = { from: draft.from, to: draft.to, gas: draft.gas, value: draft.value, data };
  return toCallObject(Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)));
}

interface CallStepOptions {
  /** Send Transaction and Deploy Contract: the node signs, so the sender must be one of its accounts. */
  accountsOnly: boolean;
}

interface CallSteps {
  from: Step;
  /** to, and the address of an artifact picked as to. */
  target(): Step[];
  /** data, and one step per argument of the function or constructor picked. */
  data(): Step[];
  /** Deploy Contract: the artifact to deploy, then its constructor arguments. */
  deploy(): Step[];
  value: Step;
  gas: Step;
}

export function callSteps(facts: NodeFacts, state: CallDraft, options: CallStepOptions): CallSteps {
  const typedAddress = (text: string): Choice<{ address: string }> | string =>
    addressProblem(text) ?? { label: text, description: 'typed', value: { address: text } };

  const fromStep: Step = async (position) => {
    const answer = await pick<Choice<string | undefined>>({
      position,
      placeholder: options.accountsOnly
        ? 'from: the sender, one of the accounts the node signs for'
        : `from: the sender (default: none, the zero address). ${facts.accounts.length ? 'Pick an account or type an address' : 'Type an address'}`,
      items: options.accountsOnly
        ? facts.accounts
        : [...facts.accounts, { label: 'none', description: 'the zero address, with no balance', value: undefined }],
      typed: options.accountsOnly ? undefined : (text) => addressProblem(text) ?? { label: text, description: 'typed', value: text },
      canGoBack: position.canGoBack,
    });
    if (answer && answer !== back) state.from = answer.value;
    return answer;
  };

  const toStep: Step = async (position) => {
    type Target = { address?: string; contract?: ContractInfo };
    const seeded: Choice<Target>[] = facts.contracts.map((contract) => ({
      label: contract.name,
      description: `${contract.address} · seeded example`,
      value: { address: contract.address, contract },
    }));
    const artifacts: Choice<Target>[] = facts.artifacts
      .filter((artifact) => artifact.functions.length > 0)
      .map((artifact) => ({ label: artifact.name, description: `${artifact.origin} · its address next`, value: { contract: artifact } }));
    const answer = await pick<Choice<Target>>({
      position,
      placeholder: 'to: the contract to call (default: none, a contract creation). Pick one or type an address',
      items: [...seeded, ...artifacts, { label: 'none', description: 'contract creation: data is the init code', value: {} }],
      typed: typedAddress,
      canGoBack: position.canGoBack,
    });
    if (answer && answer !== back) {
      const { address, contract } = answer.value;
      Object.assign(state, {
        to: address,
        contract: contract ?? facts.contracts.find((known) => known.address === address?.toLowerCase()),
        addressWanted: contract !== undefined && address === undefined,
        encoding: undefined,
        data: undefined,
      });
    }
    return answer;
  };

  const artifactAddressStep: Step = async (position) => {
    const answer = await input({
      position,
      prompt: `to: the address where ${state.contract!.name} (${state.contract!.origin}) is deployed`,
      placeholder: '0x… (20 bytes)',
      value: state.to ?? '',
      validate: (text) => addressProblem(text.trim()),
      canGoBack: position.canGoBack,
    });
    if (answer !== undefined && answer !== back) state.to = answer.trim();
    return answer;
  };

  /** Functions of the contract at `to`, or (for a creation) the artifacts that can be deployed. */
  const dataItems = (): Choice<{ encoding?: Encoding; data?: string }>[] => {
    if (state.to === undefined && !state.addressWanted) {
      return facts.artifacts.filter((artifact) => artifact.bytecode).map((artifact) => deployItem(artifact));
    }
    const contract = state.contract;
    if (!contract) return [];
    return contract.functions.map((fn, index) => ({
      label: functionLabel(fn.abi),
      description: `${contract.name} · ${fn.selector}`,
      value: fn.abi.inputs.length ? { encoding: callEncoding(contract, index) } : { data: fn.selector },
    }));
  };

  const deployItem = (artifact: ContractInfo): Choice<{ encoding?: Encoding; data?: string }> => ({
    label: `deploy ${artifact.name}`,
    description: `${artifact.origin}${artifact.constructorInputs.length ? ` · constructor(${artifact.constructorInputs.map((p) => canonicalType(p.type)).join(', ')})` : ''}`,
    value: { encoding: deployEncoding(artifact) },
  });

  const dataStep: Step = async (position) => {
    const items = dataItems();
    const answer = await pick<Choice<{ encoding?: Encoding; data?: string }>>({
      position,
      placeholder: `data: ${state.to ? 'the call input' : 'the init code'} (default: none). ${items.length ? 'Pick one or type' : 'Type'} 0x hex bytes`,
      items: [...items, { label: 'none', description: 'no input', value: {} }],
      typed: (text) =>
        problem(() => toCallObject({ data: text }, 'data')) ?? {
          label: text.length > 66 ? `${text.slice(0, 66)}…` : text,
          description: 'typed',
          value: { data: text },
        },
      canGoBack: position.canGoBack,
    });
    if (answer && answer !== back) Object.assign(state, { encoding: answer.value.encoding, data: answer.value.data, args: [] });
    return answer;
  };

  const argumentStep =
    (index: number): Step =>
    async (position) => {
      const { label, params } = state.encoding!;
      const param = params[index];
      const answer = await input({
        position,
        prompt: `${label}: ${param.name || `argument ${index + 1}`} (${canonicalType(param.type)})`,
        placeholder: example(param.type),
        value: state.args[index] ?? '',
        validate: (text) => {
          try {
            encodeParams([param], [text.trim()]);
            return undefined;
          } catch (error) {
            return error instanceof AbiEncodeError ? error.reason : (error as Error).message;
          }
        },
        canGoBack: position.canGoBack,
      });
      if (answer !== undefined && answer !== back) state.args[index] = answer.trim();
      return answer;
    };

  const argumentSteps = () => (state.encoding ? state.encoding.params.map((_, index) => argumentStep(index)) : []);

  const artifactStep: Step = async (position) => {
    const deployable = facts.artifacts.filter((artifact) => artifact.bytecode);
    const answer = await pick<Choice<{ encoding?: Encoding; data?: string }>>({
      position,
      placeholder: deployable.length
        ? 'The contract to deploy'
        : 'No artifact with bytecode in the workspace (artifacts/ or out/): build the contracts first',
      items: deployable.map((artifact) => deployItem(artifact)),
      canGoBack: position.canGoBack,
    });
    if (answer && answer !== back) Object.assign(state, { to: undefined, encoding: answer.value.encoding, args: [] });
    return answer;
  };

  const quantityStep =
    (field: 'value' | 'gas', prompt: string, placeholder: string): Step =>
    async (position) => {
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
    target: () => [toStep, ...(state.addressWanted ? [artifactAddressStep] : [])],
    data: () => [dataStep, ...argumentSteps()],
    deploy: () => [artifactStep, ...argumentSteps()],
    value: quantityStep('value', 'value: wei sent with it (decimal or 0x)', '0'),
    gas: quantityStep(
      'gas',
      'gas: the gas limit (decimal or 0x)',
      options.accountsOnly ? 'estimated by the node' : "the node's default (geth: 50,000,000)",
    ),
  };
}
