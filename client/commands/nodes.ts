// Node management: Select, Add, Edit and Remove Node. Node settings go to `evmTracer.nodes`; a key or
// password goes to SecretStorage only. A URL pasted with credentials in it is split: the credentials are
// moved to secret storage, the settings keep the bare URL.
import * as vscode from 'vscode';
import { checkClientTarget } from '../../core/client-targets';
import { cChainUrl, dialUrl, splitCredentials, xChainUrl } from '../../core/rpc/endpoint';
import type { EcmaVersion } from '../../core/tracer/diagnostic';
import { config, type AuthKind, type Network, type NodeSettings } from '../config';
import type { Ctx } from '../ctx';
import { isAvalancheNetwork, LOCAL_NODE_NAME } from '../nodes';
import { input, pick, promptSequence, runSteps, type Answer, type StepPosition } from '../quick-input';
import { walkthroughStepDone } from '../walkthrough';
import type { Step } from '../call-steps';
import type { CommandFactory } from './command';

interface NodeArgs extends Partial<NodeSettings> {
  /** The access key or password (stored in SecretStorage). */
  secret?: string;
}

const NETWORKS: Array<{ label: string; description: string; network: Network }> = [
  { label: 'Avalanche C-Chain mainnet', description: 'chain id 43114', network: 43114 },
  { label: 'Avalanche Fuji testnet', description: 'chain id 43113', network: 43113 },
  { label: 'Avalanche local network', description: 'chain id 43112', network: 43112 },
  { label: 'Any EVM chain (enter its chain id)', description: 'Ethereum, a testnet, an L2, a subnet, a dev node…', network: 'custom' },
];

/** The label shown for the entry that adds a node, in the node pickers. */
const ADD_NODE_ITEM = 'Add Node…';

const LEVELS: Array<Choice<EcmaVersion | undefined>> = [
  { label: 'the evmTracer.ecmaVersion setting', description: 'no level of its own', value: undefined },
  { label: 'ES5.1', description: 'JS-tracing providers (Avalanche dedicated nodes)', value: 5 },
  { label: 'ES2017', description: 'plain geth and most self-hosted nodes', value: 2017 },
];

const AUTH_KINDS: Array<Choice<AuthKind>> = [
  { label: 'none', description: 'no credentials', value: 'none' },
  { label: 'key', description: 'an access key in the URL (where {key} is)', value: 'key' },
  { label: 'basic', description: 'username and password', value: 'basic' },
];

/** Why `text` is no node URL; a bare host is one (https is assumed, as the CLI does). */
function urlError(text: string): string | undefined {
  if (!text.trim()) return 'A URL or host name is needed.';
  try {
    splitCredentials(text);
    return undefined;
  } catch (error) {
    return `${(error as Error).message} (e.g. rpc.example.org, https://host/ext/bc/C/rpc, http://127.0.0.1:8545).`;
  }
}

/** The C-Chain URL to store: https for a bare host, and for Avalanche networks avalanchego's standard
 * path on a bare https/wss host (another chain's RPC lives wherever its provider put it). */
function nodeUrl(text: string, network: Network): string {
  return isAvalancheNetwork(network) ? cChainUrl(text) : text.trim();
}

function nameError(name: string, existing: readonly string[]): string | undefined {
  if (!name.trim()) return 'A node needs a name.';
  if (name.trim() === LOCAL_NODE_NAME || existing.includes(name.trim())) return `A node named "${name.trim()}" exists already.`;
  return undefined;
}

function fail(problem: string | undefined): void {
  if (problem) throw new Error(problem);
}

/** Validates a complete node and splits credentials out of its URL. */
function checkedNode(args: NodeArgs, others: readonly string[]): { node: NodeSettings; secret?: string } {
  fail(nameError(args.name ?? '', others));
  fail(urlError(args.url ?? ''));
  if (args.xChainUrl) fail(urlError(args.xChainUrl));
  const network = args.network ?? 43114;
  if (args.xChainUrl && !isAvalancheNetwork(network))
    throw new Error('An X-Chain URL belongs to an Avalanche node: this node is on another chain.');
  const split = splitCredentials(nodeUrl(args.url ?? '', network));
  let auth: AuthKind = args.auth ?? 'none';
  let { username, secret } = args;
  if (split.auth?.kind === 'key') [auth, secret] = ['key', split.auth.key];
  if (split.auth?.kind === 'basic') [auth, username, secret] = ['basic', split.auth.username, split.auth.password];
  if (auth === 'basic' && !username) throw new Error('Basic authentication needs a username.');
  if (network === 'custom' && !(Number.isSafeInteger(args.chainId) && (args.chainId ?? 0) > 0))
    throw new Error('A custom network needs a positive integer chainId.');
  const node: NodeSettings = { name: args.name!.trim(), url: split.url, auth, network };
  if (args.xChainUrl) node.xChainUrl = xChainUrl(args.xChainUrl);
  if (auth === 'basic') node.username = username;
  if (network === 'custom') node.chainId = args.chainId;
  if (args.ecmaVersion !== undefined) {
    if (args.ecmaVersion !== 5 && args.ecmaVersion !== 2017)
      throw new Error(`ecmaVersion must be 5 or 2017 (got ${JSON.stringify(args.ecmaVersion)}).`);
    node.ecmaVersion = args.ecmaVersion;
  }
  // Set in settings.json only; kept when the node is edited.
  if (args.target !== undefined) node.target = checkClientTarget(args.target, 'target');
  return { node, secret };
}

/** Where the access key goes in a URL, with the providers' common layouts (core's dialUrl places it). */
const KEY_LAYOUTS =
  'put {key} where the access key goes: last (https://host/v2/{key}), in the path (https://host/{key}/ext/bc/C/rpc); without {key} it goes first in the path';

/** The URL requests go to, the key or password shown as ****: what the summary step shows. */
function maskedNodeUrl(draft: NodeArgs): string {
  // Credentials pasted into the URL are split out of it (checkedNode does the same), and count.
  const { url: bare, auth: pasted } = splitCredentials(nodeUrl(draft.url ?? '', draft.network ?? 43114));
  const kind = pasted?.kind ?? draft.auth;
  if (kind === 'key') return dialUrl(bare, { kind: 'key', key: '****' });
  const username = pasted?.kind === 'basic' ? pasted.username : draft.username;
  return kind === 'basic' ? bare.replace('://', `://${encodeURIComponent(username ?? '')}:****@`) : bare;
}

interface Choice<T> extends vscode.QuickPickItem {
  value: T;
}

/** A step's pick: `rows`, the one holding `current` active, so Enter keeps the current value. */
function choose<T>(
  position: StepPosition & { canGoBack: boolean },
  placeholder: string,
  rows: Choice<T>[],
  current: T | undefined,
): Promise<Answer<Choice<T>>> {
  return pick({ position, placeholder, items: rows, active: rows.find((row) => row.value === current), canGoBack: position.canGoBack });
}

/**
 * Asks for each field, every step starting on `current`'s value (Enter keeps it), and ends on a summary
 * with the URL requests will go to (the secret masked). Undefined when cancelled.
 */
async function askNode(current: Partial<NodeSettings>, others: readonly string[], hasSecret: boolean): Promise<NodeArgs | undefined> {
  const title = current.name ? `Edit node ${current.name}` : 'Add node';
  const draft: NodeArgs = { ...current, auth: current.auth ?? 'none', network: current.network ?? 43114 };
  const text = (
    position: StepPosition & { canGoBack: boolean },
    prompt: string,
    value: string | undefined,
    validate: (text: string) => string | undefined,
  ) => input({ position, prompt, value, validate, canGoBack: position.canGoBack });
  const keep = (answer: Answer<string>, set: (value: string) => void): Answer<string> => (
    typeof answer === 'string' && set(answer),
    answer
  );
  const kept = <T>(answer: Answer<Choice<T>>, set: (value: T) => void): Answer<Choice<T>> => (
    answer && typeof answer !== 'symbol' && set(answer.value),
    answer
  );
  const name: Step = async (position) =>
    keep(await text(position, 'Name', draft.name, (typed) => nameError(typed, others)), (value) => (draft.name = value.trim()));
  const network: Step = async (position) =>
    kept(
      await choose(
        position,
        'Which chain? (the node must report its chain id)',
        NETWORKS.map((row) => ({ ...row, value: row.network })),
        draft.network,
      ),
      (value) => (draft.network = value),
    );
  const chainId: Step = async (position) =>
    keep(
      await text(position, 'Chain id (e.g. 1 for Ethereum mainnet, 11155111 for Sepolia)', draft.chainId?.toString(), (typed) =>
        /^\d+$/.test(typed.trim()) && Number(typed) > 0 ? undefined : 'A positive integer.',
      ),
      (value) => (draft.chainId = Number(value)),
    );
  const auth: Step = async (position) =>
    kept(await choose(position, 'Authentication', AUTH_KINDS, draft.auth), (value) => (draft.auth = value));
  const url: Step = async (position) => {
    const example = isAvalancheNetwork(draft.network)
      ? 'a host (gets /ext/bc/C/rpc), https://host/ext/bc/C/rpc or wss://…'
      : 'a host, https://rpc.example.org/… or http://127.0.0.1:8545';
    const prompt = draft.auth === 'key' ? `RPC URL: ${KEY_LAYOUTS}` : `RPC URL: ${example}`;
    return keep(await text(position, prompt, draft.url, urlError), (value) => (draft.url = value));
  };
  const username: Step = async (position) =>
    keep(
      await text(position, 'Username', draft.username, (typed) => (typed.trim() ? undefined : 'A username is needed.')),
      (value) => (draft.username = value),
    );
  const secret: Step = async (position) => {
    const what = draft.auth === 'key' ? 'Access key' : 'Password';
    // The stored secret is kept for the same kind of authentication only (a key is no password).
    const keeps = hasSecret && draft.auth === current.auth;
    const box = await input({
      position,
      prompt: `${what} (kept in VS Code's secret storage)${keeps ? '; empty keeps the stored one' : ''}`,
      password: true,
      validate: (typed) => (typed || keeps ? undefined : `${what} needed.`),
      canGoBack: position.canGoBack,
    });
    return keep(box, (value) => (draft.secret = value || undefined));
  };
  const xChain: Step = async (position) =>
    keep(
      await text(position, 'X-Chain URL or host (optional; for X-Chain Balance)', draft.xChainUrl, (typed) =>
        typed.trim() ? urlError(typed) : undefined,
      ),
      (value) => (draft.xChainUrl = value.trim() || undefined),
    );
  const level: Step = async (position) =>
    kept(
      await choose(position, "JavaScript level of the node's tracer engine", LEVELS, draft.ecmaVersion),
      (value) => (draft.ecmaVersion = value),
    );
  const confirm: Step = async (position) => {
    const target = maskedNodeUrl(draft);
    const row = { label: current.name ? 'Save' : 'Add node', description: target, value: true };
    return choose(position, `Requests go to ${target}: Enter saves, Back changes a step`, [row], true);
  };
  const steps = () => [
    name,
    network,
    ...(draft.network === 'custom' ? [chainId] : []),
    auth,
    url,
    ...(draft.auth === 'basic' ? [username] : []),
    ...(draft.auth !== 'none' ? [secret] : []),
    ...(isAvalancheNetwork(draft.network) ? [xChain] : []),
    level,
    confirm,
  ];
  if (!(await runSteps(steps, title))) return undefined;
  const { secret: typed, xChainUrl: xChainText, ...fields } = draft;
  // Fields of another chain or auth kind than the one chosen (chainId, username) are dropped by checkedNode.
  return {
    ...fields,
    ...(xChainText && isAvalancheNetwork(draft.network) ? { xChainUrl: xChainText } : {}),
    ...(typed ? { secret: typed } : {}),
  };
}

async function pickConfigured(ctx: Ctx, name: string | undefined, title: string): Promise<NodeSettings | undefined> {
  const nodes = config.nodes();
  if (name !== undefined) {
    const node = nodes.find((item) => item.name === name);
    if (!node) throw new Error(`No configured node named "${name}".`);
    return node;
  }
  if (nodes.length === 0) {
    void vscode.window.showInformationMessage('No nodes are configured besides the local node: use "EVM Tracer: Add Node".');
    return undefined;
  }
  // A step like the ones that follow (readable and answerable through the test hooks).
  const picked = await pick({
    position: { title, step: 1, totalSteps: 1 },
    placeholder: 'Pick a node',
    items: nodes.map((node) => ({ label: node.name, description: ctx.nodes.details(node), node })),
    canGoBack: false,
  });
  return picked && typeof picked !== 'symbol' ? picked.node : undefined;
}

async function save(ctx: Ctx, nodes: NodeSettings[], node: NodeSettings, secret: string | undefined): Promise<void> {
  if (node.auth === 'none') await ctx.nodes.storeSecret(node.name, undefined);
  else if (secret !== undefined) await ctx.nodes.storeSecret(node.name, secret);
  await config.setNodes(nodes);
}

/** Validates and stores a node, then checks its chain id: in the background when a person added it (the
 * notice comes at once), before returning for a program (its next requests then meet a quiet node). */
async function addChecked(ctx: Ctx, given: NodeArgs, others: readonly string[], background: boolean): Promise<NodeSettings> {
  const { node, secret } = checkedNode(given, others);
  if (node.auth !== 'none' && !secret) throw new Error(`Node "${node.name}" needs its ${node.auth === 'key' ? 'access key' : 'password'}.`);
  await save(ctx, [...config.nodes(), node], node, secret);
  const checked = confirmChainId(ctx, node);
  if (!background) await checked;
  return node;
}

/** Asks for a node and adds it. Undefined when cancelled. */
async function addAsked(ctx: Ctx): Promise<NodeSettings | undefined> {
  const others = config.nodes().map((node) => node.name);
  const given = await askNode({}, others, false);
  if (!given) return undefined;
  const node = await addChecked(ctx, given, others, true);
  walkthroughStepDone('nodeAdded');
  return node;
}

export const addNode: CommandFactory = (ctx) => async (args?: NodeArgs) => {
  if (args)
    return (
      await addChecked(
        ctx,
        args,
        config.nodes().map((node) => node.name),
        false,
      )
    ).name;
  const node = await addAsked(ctx);
  if (!node) return undefined;
  void vscode.window.showInformationMessage(`Node "${node.name}" added.`, 'Select').then(async (choice) => {
    if (choice === 'Select') await config.setSelectedNode(node.name);
  });
  return node.name;
};

/** Asks a node for its chain id, so the status bar can say it is confirmed (or not the one expected). A
 * node that does not answer is only logged: it may be down for now, and traces will say so. */
async function confirmChainId(ctx: Ctx, node: NodeSettings): Promise<void> {
  try {
    const endpoint = await ctx.nodes.endpoint(node, false);
    const { createRpcClient } = await import('../../core/rpc/client');
    const client = createRpcClient(endpoint, { log: (line) => ctx.log.trace(line) });
    try {
      const chainId = Number(BigInt(await client.request<string>('eth_chainId', [])));
      ctx.nodes.recordChainId(node, chainId);
      const expected = endpoint.expectedChainId;
      if (expected !== undefined && chainId !== expected)
        ctx.log.warn(`${node.name}: the node reports chain id ${chainId}, but ${expected} is expected: is this the right network?`);
      else ctx.log.info(`${node.name}: chain id ${chainId} confirmed by the node`);
    } finally {
      await client.close();
    }
  } catch (error) {
    ctx.log.warn(`${node.name}: could not check the chain id: ${(error as Error).message}`);
  }
}

export const editNode: CommandFactory = (ctx) => async (name?: string, changes?: NodeArgs) => {
  // One sequence: the node's pick stays on screen while its secret is looked up, until the first field replaces it.
  const asked = await promptSequence(async () => {
    const current = await pickConfigured(ctx, name, 'Edit which node?');
    if (!current) return undefined;
    const others = config
      .nodes()
      .map((node) => node.name)
      .filter((other) => other !== current.name);
    const hadSecret = (await ctx.nodes.secret(current.name)) !== undefined;
    const given = changes ? { ...current, ...changes } : await askNode(current, others, hadSecret);
    return given && { current, others, given };
  });
  if (!asked) return undefined;
  const { current, others, given } = asked;
  const { node, secret } = checkedNode(given, others);
  const keptSecret = secret ?? (node.auth === current.auth ? await ctx.nodes.secret(current.name) : undefined);
  if (node.auth !== 'none' && !keptSecret)
    throw new Error(`Node "${node.name}" needs its ${node.auth === 'key' ? 'access key' : 'password'}.`);
  if (node.name !== current.name) await ctx.nodes.storeSecret(current.name, undefined);
  await save(
    ctx,
    config.nodes().map((item) => (item.name === current.name ? node : item)),
    node,
    keptSecret,
  );
  if (config.selectedNode() === current.name && node.name !== current.name) await config.setSelectedNode(node.name);
  void confirmChainId(ctx, node);
  return node.name;
};

export const removeNode: CommandFactory = (ctx) => async (name?: string) => {
  const node = await pickConfigured(ctx, name, 'Remove which node?');
  if (!node) return undefined;
  if (name === undefined) {
    const confirmed = await vscode.window.showWarningMessage(
      `Remove node "${node.name}" and its stored secret?`,
      { modal: true },
      'Remove',
    );
    if (confirmed !== 'Remove') return undefined;
  }
  await ctx.nodes.storeSecret(node.name, undefined);
  await config.setNodes(config.nodes().filter((item) => item.name !== node.name));
  if (config.selectedNode() === node.name) await config.setSelectedNode(LOCAL_NODE_NAME);
  return node.name;
};

export const selectNode: CommandFactory = (ctx) => async (name?: string) => {
  let chosen = name;
  if (chosen === undefined) {
    const selected = ctx.nodes.selected().name;
    const items: vscode.QuickPickItem[] = [
      ...ctx.nodes.list().map((node) => ({ label: node.name, description: ctx.nodes.details(node) })),
      { label: '', kind: vscode.QuickPickItemKind.Separator },
      {
        label: ADD_NODE_ITEM,
        iconPath: new vscode.ThemeIcon('add'),
        description: 'any EVM chain: a URL or host, its chain id, a key or password',
      },
    ];
    // One sequence with Add Node…: the picker stays on screen until the node's first field replaces it.
    chosen = await promptSequence(async () => {
      const picked = await pick({
        position: { title: 'Trace on which node?', step: 1, totalSteps: 1 },
        placeholder: 'Pick a node (Enter keeps the selected one)',
        items,
        active: items.find((item) => item.label === selected),
        canGoBack: false,
      });
      if (!picked || typeof picked === 'symbol') return undefined;
      return picked.label === ADD_NODE_ITEM ? (await addAsked(ctx))?.name : picked.label;
    });
  }
  if (chosen === undefined) return undefined;
  if (!ctx.nodes.find(chosen)) throw new Error(`No node named "${chosen}".`);
  await config.setSelectedNode(chosen);
  return chosen;
};
