// Node management: Select, Add, Edit and Remove Node. Node settings go to `evmTracer.nodes`; a key or
// password goes to SecretStorage only. A URL pasted with credentials in it is split: the credentials are
// moved to secret storage, the settings keep the bare URL.
import * as vscode from 'vscode';
import { cChainUrl, splitCredentials, xChainUrl } from '../../core/rpc/endpoint';
import type { EcmaVersion } from '../../core/tracer/diagnostic';
import { config, type AuthKind, type Network, type NodeSettings } from '../config';
import type { Ctx } from '../ctx';
import { isAvalancheNetwork, LOCAL_NODE_NAME } from '../nodes';
import type { CommandFactory } from './command';

export interface NodeArgs extends Partial<NodeSettings> {
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

const LEVELS: Array<{ label: string; description: string; ecmaVersion?: EcmaVersion }> = [
  { label: 'the evmTracer.ecmaVersion setting', description: 'no level of its own' },
  { label: 'ES5.1', description: 'JS-tracing providers (Avalanche dedicated nodes)', ecmaVersion: 5 },
  { label: 'ES2017', description: 'plain geth and most self-hosted nodes', ecmaVersion: 2017 },
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
  if (args.xChainUrl && !isAvalancheNetwork(network)) throw new Error('An X-Chain URL belongs to an Avalanche node: this node is on another chain.');
  const split = splitCredentials(nodeUrl(args.url ?? '', network));
  let auth: AuthKind = args.auth ?? 'none';
  let { username, secret } = args;
  if (split.auth?.kind === 'key') [auth, secret] = ['key', split.auth.key];
  if (split.auth?.kind === 'basic') [auth, username, secret] = ['basic', split.auth.username, split.auth.password];
  if (auth === 'basic' && !username) throw new Error('Basic authentication needs a username.');
  if (network === 'custom' && !(Number.isSafeInteger(args.chainId) && (args.chainId ?? 0) > 0)) throw new Error('A custom network needs a positive integer chainId.');
  const node: NodeSettings = { name: args.name!.trim(), url: split.url, auth, network };
  if (args.xChainUrl) node.xChainUrl = xChainUrl(args.xChainUrl);
  if (auth === 'basic') node.username = username;
  if (network === 'custom') node.chainId = args.chainId;
  if (args.ecmaVersion !== undefined) {
    if (args.ecmaVersion !== 5 && args.ecmaVersion !== 2017) throw new Error(`ecmaVersion must be 5 or 2017 (got ${JSON.stringify(args.ecmaVersion)}).`);
    node.ecmaVersion = args.ecmaVersion;
  }
  return { node, secret };
}

/** Asks for each field, offering `current` values. Undefined when cancelled. */
async function askNode(current: Partial<NodeSettings>, others: readonly string[], hasSecret: boolean): Promise<NodeArgs | undefined> {
  const title = current.name ? `Edit node ${current.name}` : 'Add node';
  const input = (prompt: string, value: string | undefined, validateInput?: (text: string) => string | undefined, password = false) =>
    vscode.window.showInputBox({ title, prompt, value, validateInput, password, ignoreFocusOut: true });
  const name = await input('Name', current.name, (text) => nameError(text, others));
  if (name === undefined) return undefined;
  const networkPick = await vscode.window.showQuickPick(
    NETWORKS.map((item) => ({ ...item, picked: item.network === current.network })),
    { title, placeHolder: `Which chain? (the node must report its chain id)${current.network ? ` (now ${current.network})` : ''}`, ignoreFocusOut: true },
  );
  if (!networkPick) return undefined;
  const network = networkPick.network;
  let chainId: number | undefined;
  if (network === 'custom') {
    const typed = await input('Chain id (e.g. 1 for Ethereum mainnet, 11155111 for Sepolia)', current.chainId?.toString(), (text) => (/^\d+$/.test(text.trim()) && Number(text) > 0 ? undefined : 'A positive integer.'));
    if (typed === undefined) return undefined;
    chainId = Number(typed);
  }
  const example = isAvalancheNetwork(network) ? 'a host (gets /ext/bc/C/rpc), https://host/ext/bc/C/rpc or wss://…' : 'a host, https://rpc.example.org/… or http://127.0.0.1:8545';
  const url = await input(`RPC URL without the access key: ${example}`, current.url, urlError);
  if (url === undefined) return undefined;
  const authPick = await vscode.window.showQuickPick(
    [
      { label: 'none', description: 'no credentials', auth: 'none' as const },
      { label: 'key', description: 'access key in the URL path', auth: 'key' as const },
      { label: 'basic', description: 'username and password', auth: 'basic' as const },
    ],
    { title, placeHolder: `Authentication${current.auth ? ` (now ${current.auth})` : ''}`, ignoreFocusOut: true },
  );
  if (!authPick) return undefined;
  const args: NodeArgs = { name, url, auth: authPick.auth, network, chainId };
  if (authPick.auth === 'basic') {
    args.username = await input('Username', current.username, (text) => (text.trim() ? undefined : 'A username is needed.'));
    if (args.username === undefined) return undefined;
  }
  if (authPick.auth !== 'none') {
    const what = authPick.auth === 'key' ? 'Access key' : 'Password';
    const secret = await input(`${what} (kept in VS Code's secret storage)${hasSecret ? '; empty keeps the stored one' : ''}`, '', (text) => (text || hasSecret ? undefined : `${what} needed.`), true);
    if (secret === undefined) return undefined;
    if (secret) args.secret = secret;
  }
  if (isAvalancheNetwork(network)) {
    const xChain = await input('X-Chain URL or host (optional; for X-Chain Balance)', current.xChainUrl, (text) => (text.trim() ? urlError(text) : undefined));
    if (xChain === undefined) return undefined;
    if (xChain.trim()) args.xChainUrl = xChain;
  }
  const levelPick = await vscode.window.showQuickPick(LEVELS, {
    title,
    placeHolder: `JavaScript level of the node's tracer engine${current.ecmaVersion ? ` (now ES${current.ecmaVersion})` : ''}`,
    ignoreFocusOut: true,
  });
  if (!levelPick) return undefined;
  if (levelPick.ecmaVersion !== undefined) args.ecmaVersion = levelPick.ecmaVersion;
  return args;
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
  const picked = await vscode.window.showQuickPick(
    nodes.map((node) => ({ label: node.name, description: ctx.nodes.details(node), node })),
    { title },
  );
  return picked?.node;
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
  return given && addChecked(ctx, given, others, true);
}

export const addNode: CommandFactory = (ctx) => async (args?: NodeArgs) => {
  if (args) return (await addChecked(ctx, args, config.nodes().map((node) => node.name), false)).name;
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
      if (expected !== undefined && chainId !== expected) ctx.log.warn(`${node.name}: the node reports chain id ${chainId}, but ${expected} is expected: is this the right network?`);
      else ctx.log.info(`${node.name}: chain id ${chainId} confirmed by the node`);
    } finally {
      await client.close();
    }
  } catch (error) {
    ctx.log.warn(`${node.name}: could not check the chain id: ${(error as Error).message}`);
  }
}

export const editNode: CommandFactory = (ctx) => async (name?: string, changes?: NodeArgs) => {
  const current = await pickConfigured(ctx, name, 'Edit which node?');
  if (!current) return undefined;
  const others = config.nodes().map((node) => node.name).filter((other) => other !== current.name);
  const hadSecret = (await ctx.nodes.secret(current.name)) !== undefined;
  const given = changes ? { ...current, ...changes } : await askNode(current, others, hadSecret);
  if (!given) return undefined;
  const { node, secret } = checkedNode(given, others);
  const keptSecret = secret ?? (node.auth === current.auth ? await ctx.nodes.secret(current.name) : undefined);
  if (node.auth !== 'none' && !keptSecret) throw new Error(`Node "${node.name}" needs its ${node.auth === 'key' ? 'access key' : 'password'}.`);
  if (node.name !== current.name) await ctx.nodes.storeSecret(current.name, undefined);
  await save(ctx, config.nodes().map((item) => (item.name === current.name ? node : item)), node, keptSecret);
  if (config.selectedNode() === current.name && node.name !== current.name) await config.setSelectedNode(node.name);
  void confirmChainId(ctx, node);
  return node.name;
};

export const removeNode: CommandFactory = (ctx) => async (name?: string) => {
  const node = await pickConfigured(ctx, name, 'Remove which node?');
  if (!node) return undefined;
  if (name === undefined) {
    const confirmed = await vscode.window.showWarningMessage(`Remove node "${node.name}" and its stored secret?`, { modal: true }, 'Remove');
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
      ...ctx.nodes.list().map((node) => ({ label: node.name, description: ctx.nodes.details(node), picked: node.name === selected })),
      { label: '', kind: vscode.QuickPickItemKind.Separator },
      { label: ADD_NODE_ITEM, iconPath: new vscode.ThemeIcon('add'), description: 'any EVM chain: a URL or host, its chain id, a key or password' },
    ];
    const picked = await vscode.window.showQuickPick(items, { title: 'Trace on which node?' });
    chosen = picked?.label === ADD_NODE_ITEM ? (await addAsked(ctx))?.name : picked?.label;
  }
  if (chosen === undefined) return undefined;
  if (!ctx.nodes.find(chosen)) throw new Error(`No node named "${chosen}".`);
  await config.setSelectedNode(chosen);
  return chosen;
};
