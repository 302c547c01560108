// Which node a command talks to: --node URL (+ --key / --key-env, or --user + --password-env / prompt),
// --endpoint NAME from evm-tracer.config.json, or else the local node, started on demand and stopped after.
import { constants as osConstants } from 'node:os';
import { resolve } from 'node:path';
import { cChainUrl, parseNetwork, splitCredentials, xChainUrl, type Endpoint, type EndpointAuth } from '../core/rpc/endpoint';
import type { RpcClientOptions } from '../core/rpc/client';
import type { LaunchOptions } from '../core/local-node-launcher';
import type { OptionGroup, OptionSpecs, OptionValues } from './command-line';
import { configFileName, readNodeEntry } from './config-file-nodes';
import { promptHidden } from './hidden-prompt';
import { parseSize } from './byte-size';

/** The options every node-using command accepts: which node, and how it is reached. */
export const nodeSelection = {
  title: 'node selection (default: the local node, started for this command)',
  options: {
    node: { type: 'string', value: 'URL', help: 'C-Chain URL (https://, wss://, http://, ws://; a bare https host gets /ext/bc/C/rpc)' },
    key: {
      type: 'string',
      value: 'KEY',
      help: 'access key: where the URL has {key} (https://host/v1/{key}/rpc), as is if the URL\nalready holds it, else as the first path segment (https://host/KEY/ext/bc/C/rpc)',
    },
    'key-env': { type: 'string', value: 'VAR', help: 'the access key from environment variable VAR (kept out of the process list)' },
    user: { type: 'string', value: 'USER', help: 'HTTP Basic auth; without --password-env the password is prompted for' },
    'password-env': { type: 'string', value: 'VAR', help: 'the Basic auth password from environment variable VAR' },
    endpoint: {
      type: 'string',
      value: 'NAME',
      help: `a node from ${configFileName}\n({"nodes": {NAME: {url, auth, username, keyEnv, passwordEnv, network, ecmaVersion}}})`,
    },
    'config-file': { type: 'string', value: 'PATH', help: `another config file than ./${configFileName}` },
    'x-chain': { type: 'string', value: 'URL', help: "X-Chain URL or bare host (default: the C-Chain host's /ext/bc/X)" },
    network: { type: 'string', value: 'NET', help: 'expected network: mainnet (43114), fuji (43113), local (43112), a chain id, or any' },
    'max-response': { type: 'string', value: 'SIZE', help: 'largest answer accepted (default 32MB; e.g. 64MB)' },
    verbose: { type: 'boolean', help: 'log each request and answer (secrets masked) on stderr' },
  },
} as const satisfies OptionGroup<OptionSpecs>;

export type NodeOptionValues = OptionValues<typeof nodeSelection.options>;

interface SelectedNode {
  endpoint: Endpoint;
  /** The local node, started for this command. */
  local?: boolean;
  clientOptions: RpcClientOptions;
  /** Stops the local node if this command started one. */
  release(): Promise<void>;
  /** The secret debug runs on the local node carry (a local node started with `debugTraces`). */
  debugSecret?: string;
}

function fromEnv(variable: string, what: string): string {
  const value = process.env[variable];
  if (!value) throw new Error(`${what}: environment variable ${variable} is not set`);
  return value;
}

async function password(variable: string | undefined, user: string): Promise<string> {
  return variable ? fromEnv(variable, '--password-env') : promptHidden(`password for ${user}: `);
}

async function fromCommandLine(values: NodeOptionValues): Promise<Endpoint> {
  const { url, auth: inUrl } = splitCredentials(values.node!);
  let auth: EndpointAuth = inUrl ?? { kind: 'none' };
  const key = values.key ?? (values['key-env'] ? fromEnv(values['key-env'], '--key-env') : undefined);
  if (key !== undefined && values.user !== undefined) throw new Error('give either --key/--key-env or --user, not both');
  if (key !== undefined) auth = { kind: 'key', key };
  if (values.user !== undefined)
    auth = { kind: 'basic', username: values.user, password: await password(values['password-env'], values.user) };
  return {
    name: new URL(url).host,
    url: cChainUrl(url),
    xChainUrl: values['x-chain'] ? xChainUrl(values['x-chain']) : undefined,
    auth,
    expectedChainId: values.network ? parseNetwork(values.network) : undefined,
  };
}

async function fromConfigFile(values: NodeOptionValues): Promise<Endpoint> {
  const name = values.endpoint!;
  const file = resolve(values['config-file'] ?? configFileName);
  const entry = readNodeEntry(file, name);
  const kind = entry.auth ?? 'none';
  const where = `${configFileName}: nodes.${name}`;
  let auth: EndpointAuth = { kind: 'none' };
  if (kind === 'key') {
    if (!entry.keyEnv) throw new Error(`${where}: auth "key" needs keyEnv (the variable holding the key)`);
    auth = { kind: 'key', key: fromEnv(entry.keyEnv, `${where}.keyEnv`) };
  } else if (kind === 'basic') {
    if (!entry.username) throw new Error(`${where}: auth "basic" needs username`);
    auth = { kind: 'basic', username: entry.username, password: await password(entry.passwordEnv, entry.username) };
  }
  const network = values.network ?? (entry.network === undefined ? undefined : String(entry.network));
  const xChain = values['x-chain'] ?? entry.xChainUrl;
  return {
    name,
    url: cChainUrl(entry.url),
    xChainUrl: xChain ? xChainUrl(xChain) : undefined,
    auth,
    expectedChainId: network ? parseNetwork(network) : undefined,
  };
}

/** Signals that end the command: it exits at once (status 128 + signal number), which kills the local node. */
const endingSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

const signalStatus = (signal: NodeJS.Signals) => 128 + osConstants.signals[signal];

function exitOnSignal(signal: NodeJS.Signals): void {
  process.exit(signalStatus(signal));
}

/**
 * For a command that stops itself cleanly: the first Ctrl-C (SIGINT, SIGTERM, SIGHUP) aborts `signal`, a
 * second one exits at once. `status` is then the exit status the signal calls for.
 */
export function stopOnSignals(): { signal: AbortSignal; status(): number | undefined; dispose(): void } {
  const controller = new AbortController();
  let received: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (received) exitOnSignal(signal);
    received = signal;
    controller.abort(new Error(`stopped by ${signal}`));
  };
  for (const signal of endingSignals) process.on(signal, onSignal);
  return {
    signal: controller.signal,
    status: () => (received ? signalStatus(received) : undefined),
    dispose: () => {
      for (const signal of endingSignals) process.off(signal, onSignal);
    },
  };
}

/** How a command wants its local node started: extra `evm-tracer node` options, where its stderr goes, and
 * whether the command stops itself on a signal (stopOnSignals) rather than exiting at once. */
export type LocalNodeSetup = Pick<LaunchOptions, 'args' | 'onStderr' | 'debugTraces'> & { ownSignals?: boolean };

async function localNode(values: NodeOptionValues, setup: LocalNodeSetup): Promise<Omit<SelectedNode, 'clientOptions'>> {
  // Checked before anything is started, so a mistake here leaves nothing behind.
  const expectedChainId = values.network ? parseNetwork(values.network) : undefined;
  const { launchLocalNode } = await import('../core/local-node-launcher');
  const { ownSignals, ...launch } = setup;
  // Without these a signal would end the process without its exit handlers, which kill the node.
  const handled = ownSignals ? [] : endingSignals;
  for (const signal of handled) process.on(signal, exitOnSignal);
  const stopHandlingSignals = () => {
    for (const signal of handled) process.off(signal, exitOnSignal);
  };
  try {
    // This very CLI bundle runs the node: `evm-tracer node --port 0`.
    const node = await launchLocalNode({ cliPath: process.argv[1], ...launch });
    const endpoint: Endpoint = { name: 'local', url: node.url, auth: { kind: 'none' }, expectedChainId };
    return {
      endpoint,
      local: true,
      debugSecret: node.debugSecret,
      release: async () => {
        await node.stop();
        stopHandlingSignals();
      },
    };
  } catch (error) {
    stopHandlingSignals();
    throw error;
  }
}

export async function selectNode(values: NodeOptionValues, local: LocalNodeSetup = {}): Promise<SelectedNode> {
  if (values.node !== undefined && values.endpoint !== undefined) throw new Error('give either --node or --endpoint, not both');
  if (values.node === undefined && (values.key ?? values['key-env'] ?? values.user) !== undefined) {
    throw new Error('--key, --key-env and --user need --node URL');
  }
  const clientOptions: RpcClientOptions = {
    maxResponseBytes: values['max-response'] ? parseSize(values['max-response'], '--max-response') : undefined,
    log: values.verbose ? (line) => process.stderr.write(`${line}\n`) : undefined,
  };
  if (values.node !== undefined) return { endpoint: await fromCommandLine(values), clientOptions, release: async () => {} };
  if (values.endpoint !== undefined) return { endpoint: await fromConfigFile(values), clientOptions, release: async () => {} };
  return { ...(await localNode(values, local)), clientOptions };
}
