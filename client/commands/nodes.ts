// Node management: Select, Add, Edit and Remove Node. Node settings go to `evmTracer.nodes`; a key or
// password goes to SecretStorage only. A URL pasted with credentials in it is split: the credentials are
// moved to secret storage, the settings keep the bare URL.
import * as vscode from 'vscode';
import { splitCredentials } from '../../core/rpc/endpoint';
import type { EcmaVersion } from '../../core/tracer/diagnostic';
import { config, type AuthKind, type Network, type NodeSettings } from '../config';
import type { Ctx } from '../ctx';
import { LOCAL_NODE_NAME } from '../nodes';
import type { CommandFactory } from './command';

export interface NodeArgs extends Partial<NodeSettings> {
  /** The access key or password (stored in SecretStorage). */
  secret?: string;
}

const NETWORKS: Array<{ label: string; network: Network }> = [
  { label: '43114 · Avalanche C-Chain mainnet', network: 43114 },
  { label: '43113 · Fuji testnet', network: 43113 },
  { label: '43112 · local network', network: 43112 },
  { label: 'custom chain id…', network: 'custom' },
];

const LEVELS: Array<{ label: string; description: string; ecmaVersion?: EcmaVersion }> = [
  { label: 'the evmTracer.ecmaVersion setting', description: 'no level of its own' },
  { label: 'ES5.1', description: 'JS-tracing providers (Avalanche dedicated nodes)', ecmaVersion: 5 },
  { label: 'ES2017', description: 'plain geth and most self-hosted nodes', ecmaVersion: 2017 },
];

function urlError(text: string): string | undefined {
  try {
    const url = new URL(text.trim());
    return ['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol) ? undefined : 'Use an https://, wss://, http:// or ws:// URL.';
  } catch {
    return 'Not a URL (e.g. https://host/ext/bc/C/rpc).';
  }
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
  const split = splitCredentials(args.url ?? '');
  let auth: AuthKind = args.auth ?? 'none';
  let { username, secret } = args;
  if (split.auth?.kind === 'key') [auth, secret] = ['key', split.auth.key];
  if (split.auth?.kind === 'basic') [auth, username, secret] = ['basic', split.auth.username, split.auth.password];
  if (auth === 'basic' && !username) throw new Error('Basic authentication needs a username.');
  const network = args.network ?? 43114;
  if (network === 'custom' && !(Number.isSafeInteger(args.chainId) && (args.chainId ?? 0) > 0)) throw new Error('A custom network needs a positive integer chainId.');
  const node: NodeSettings = { name: args.name!.trim(), url: split.url, auth, network };
  if (args.xChainUrl) node.xChainUrl = args.xChainUrl.trim();
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
  const url = await input('C-Chain URL without the access key (https://host/ext/bc/C/rpc, wss://…, http://127.0.0.1:8545)', current.url, urlError);
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
  const args: NodeArgs = { name, url, auth: authPick.auth };
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
  const networkPick = await vscode.window.showQuickPick(NETWORKS, { title, placeHolder: 'Network (the chain id the node must report)', ignoreFocusOut: true });
  if (!networkPick) return undefined;
  args.network = networkPick.network;
  if (networkPick.network === 'custom') {
    const chainId = await input('Chain id', current.chainId?.toString(), (text) => (/^\d+$/.test(text.trim()) && Number(text) > 0 ? undefined : 'A positive integer.'));
    if (chainId === undefined) return undefined;
    args.chainId = Number(chainId);
  }
  const xChainUrl = await input('X-Chain URL (optional; for X-Chain Balance)', current.xChainUrl, (text) => (text.trim() ? urlError(text) : undefined));
  if (xChainUrl === undefined) return undefined;
  if (xChainUrl.trim()) args.xChainUrl = xChainUrl;
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
    nodes.map((node) => ({ label: node.name, description: ctx.nodes.describe(node), node })),
    { title },
  );
  return picked?.node;
}

async function save(ctx: Ctx, nodes: NodeSettings[], node: NodeSettings, secret: string | undefined): Promise<void> {
  if (node.auth === 'none') await ctx.nodes.storeSecret(node.name, undefined);
  else if (secret !== undefined) await ctx.nodes.storeSecret(node.name, secret);
  await config.setNodes(nodes);
}

export const addNode: CommandFactory = (ctx) => async (args?: NodeArgs) => {
  const others = config.nodes().map((node) => node.name);
  const given = args ?? (await askNode({}, others, false));
  if (!given) return undefined;
  const { node, secret } = checkedNode(given, others);
  if (node.auth !== 'none' && !secret) throw new Error(`Node "${node.name}" needs its ${node.auth === 'key' ? 'access key' : 'password'}.`);
  await save(ctx, [...config.nodes(), node], node, secret);
  if (!args) void vscode.window.showInformationMessage(`Node "${node.name}" added. Select it with "EVM Tracer: Select Node".`);
  return node.name;
};

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
    const picked = await vscode.window.showQuickPick(
      ctx.nodes.list().map((node) => ({ label: node.name, description: ctx.nodes.describe(node), picked: node.name === selected })),
      { title: 'Trace on which node?' },
    );
    chosen = picked?.label;
  }
  if (chosen === undefined) return undefined;
  if (!ctx.nodes.find(chosen)) throw new Error(`No node named "${chosen}".`);
  await config.setSelectedNode(chosen);
  return chosen;
};
