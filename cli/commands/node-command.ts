// `evm-tracer node`: the local dev node (JSON-RPC over HTTP and WebSocket on one port, JS tracing).
import { fileLimits, readUserFile, whyUnreadable } from '../../core/user-file';

import { debugSecretVariable, exitWithLauncher } from '../../core/local-node-launcher';
import { parseDuration } from '../../core/trace/duration';
import { chainConfigOf } from '../../runtime/chain/genesis';
import { hardforkName, hardforkNames } from '../../runtime/chain/hardforks';
import { knownChain, knownChainNames, knownChains } from '../../runtime/chain/rules/registry';
import { parseCorsOrigins, parseHostNames, wildcardWarnings } from '../../runtime/node/browser-rules';
import { defaultMaxConnectionsPerClient } from '../../runtime/node/server';
import {
  defaultEvmTimeoutMs,
  defaultMaxResponseBytes,
  defaultMaxTraceTimeoutMs,
  startDevNode,
  type NodeOptions,
} from '../../runtime/node/start-node';
import { defaultGasCap } from '../../runtime/node/gas-cap';
import { timerLimitMs } from '../../runtime/node/trace-config';
import { isSeedName, seedNames } from '../../runtime/node/seed-examples';
import { permissionFlag } from '../../runtime/trace/worker-launch';
import { defineCommand, expectPositionals, UsageError, type CommandLine, type OptionSpecs } from '../command-line';
import { defaultCacheRoot } from '../../runtime/state/fork-cache';
import { forkProgress } from '../fork-progress';
import { checkClientTarget, clientTargets, targetTitles } from '../../core/client-targets';

const options = {
  host: { type: 'string', value: 'HOST', help: 'address to listen on (default 127.0.0.1)' },
  port: { type: 'string', value: 'PORT', help: 'port (default 8545; 0 picks a free one)' },
  chain: {
    type: 'string',
    value: 'NAME|ID',
    help: `a dev chain with a known chain's id and its latest rules:\n${knownChainNames.join(', ')}`,
  },
  'chain-config': {
    type: 'string',
    value: 'FILE',
    help: `the rules of a geth genesis file's "config" (or a bare config; coreth's keys give the
C-Chain's rules): a dev chain with its id, or, with --fork, instead of the upstream's own`,
  },
  'chain-id': { type: 'string', value: 'ID', help: 'chain id of a plain dev chain (default 43112)' },
  hardfork: {
    type: 'string',
    value: 'NAME',
    help: `Ethereum rules active from genesis (default prague; ${hardforkNames.join(', ')},
or anvil's, geth's and Hardhat's spellings of them); with --fork, instead of the upstream's own rules`,
  },
  target: {
    type: 'string',
    value: clientTargets.join('|'),
    help: `run tracers as this client does (default: coreth on the C-Chain, also a fork of an
avalanchego, coreth or subnet-evm node; else geth): geth = ${targetTitles.geth},
coreth = ${targetTitles.coreth}; a trace config's "target" overrides it`,
  },
  accounts: { type: 'string', value: 'N', help: 'prefunded, unlocked dev accounts (default 10)' },
  key: { type: 'string', value: 'KEY', help: 'serve only under /KEY (also /KEY/ext/bc/C/rpc and /KEY/ext/bc/C/ws)' },
  'basic-user': { type: 'string', value: 'USER', help: 'require HTTP Basic credentials (with --basic-password-env)' },
  'basic-password-env': { type: 'string', value: 'VAR', help: 'the Basic password, read from environment variable VAR' },
  basic: { type: 'string', value: 'USER:PASS', help: 'the same with the password on the command line (visible in the process list)' },
  genesis: { type: 'string', value: 'FILE', help: 'start from a geth genesis file (config with fork blocks/times, alloc)' },
  fork: {
    type: 'string',
    value: 'URL',
    help: `continue an upstream chain, prefetching the state a trace touches (http or https); each block runs
by that chain's rules: a known chain's (by chain id and genesis hash), else what the
upstream says of itself (debug_chainConfig, eth_getChainConfig, anvil_nodeInfo, eth_config)`,
  },
  'fork-url-env': {
    type: 'string',
    value: 'VAR',
    help: `the same with the URL read from environment variable VAR (keeps a key or
user:password in the URL out of the process list)`,
  },
  'fork-block': {
    type: 'string',
    value: 'N',
    help: `the upstream block to fork at (default: its latest; with the upstream unreachable,
the block the last start forked at, from the cache)`,
  },
  'fork-max-requests-per-second': {
    type: 'string',
    value: 'N',
    help: "fork mode: send the upstream at most N requests a second, the trace workers' own reads included",
  },
  'fork-max-concurrent-requests': { type: 'string', value: 'N', help: 'fork mode: at most N requests to the upstream under way at once' },
  'cache-dir': {
    type: 'string',
    value: 'DIR',
    help: `fork mode's cache of upstream state and blocks (default $EVM_TRACER_CACHE_DIR, else
$XDG_CACHE_HOME/evm-tracer, else ~/.cache/evm-tracer; see evm-tracer cache); a node
whose upstream is unreachable starts from what an earlier start kept there`,
  },
  'no-cache': { type: 'boolean', help: 'fork mode without the disk cache (state is still kept in memory)' },
  cors: {
    type: 'string',
    value: 'ORIGIN[,...]',
    help: 'web pages allowed to call the node, e.g. http://localhost:3000 (* = any; default none)',
  },
  vhosts: { type: 'string', value: 'HOST[,...]', help: 'host names the Host header may name besides localhost and IP addresses (* = any)' },
  'max-trace-timeout': {
    type: 'string',
    value: 'DURATION',
    help: `cap on a trace's "timeout"; longer ones are clamped (default ${defaultMaxTraceTimeoutMs / 1000}s)`,
  },
  'rpc-gas-cap': {
    type: 'string',
    value: 'N',
    help: `most gas eth_call, eth_estimateGas and debug_traceCall give a call, as geth's --rpc.gascap; 0 for no cap (default ${defaultGasCap})`,
  },
  'rpc-evm-timeout': {
    type: 'string',
    value: 'DURATION',
    help: `how long eth_call and eth_estimateGas may run, as geth's --rpc.evmtimeout (default ${defaultEvmTimeoutMs / 1000}s)`,
  },
  'max-response-bytes': {
    type: 'string',
    value: 'N',
    help: `larger answers become JSON-RPC errors (default ${defaultMaxResponseBytes}, 100 MiB)`,
  },
  'max-connections-per-client': {
    type: 'string',
    value: 'N',
    help: `open connections one client address may hold (default ${defaultMaxConnectionsPerClient}); traces are
shared fairly between clients (address and credentials), whatever their connections`,
  },
  seed: {
    type: 'string',
    value: 'examples|empty',
    help: `examples: deploy the example contracts (examples/contracts) and mine a token transfer,
nested calls, a revert, a CREATE2 deployment and an out-of-gas call (default empty)`,
  },
  'debug-traces': {
    type: 'boolean',
    help: `accept debug runs (trace config "debug": {file, port, secret}) from the program that started
the node only: it hands the node a secret in ${debugSecretVariable}, which every debug run
must carry (evm-tracer trace --inspect and the extension do this). The worker opens the
inspector on 127.0.0.1:port and waits for a debugger; one debug run at a time`,
  },
  'debug-attach-timeout': {
    type: 'string',
    value: 'DURATION',
    help: 'a debug run that no debugger attaches to within this ends with an error (default 60s)',
  },
} as const satisfies OptionSpecs;

function integer(value: string | undefined, name: string, fallback: number, min: number, max = Infinity): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    const range = max === Infinity ? `≥ ${min}` : `from ${min} to ${max}`;
    throw new UsageError(`${name} must be an integer ${range} (got '${value}')`);
  }
  return Number(value);
}

function readJsonFile(file: string, option: string): { json: unknown; source: string } {
  let text: string;
  try {
    text = readUserFile(file, fileLimits.large);
  } catch (error) {
    throw new UsageError(`cannot read ${option} ${file}: ${whyUnreadable(error)}`);
  }
  try {
    return { json: JSON.parse(text), source: file };
  } catch (error) {
    throw new UsageError(`${option} ${file} is not valid JSON: ${(error as Error).message}`);
  }
}

/** `--chain-config FILE`, checked here so that a bad file is a usage error. */
function readChainConfig(file: string): NonNullable<NodeOptions['chainConfig']> {
  const read = readJsonFile(file, '--chain-config');
  try {
    chainConfigOf(read.json, file);
  } catch (error) {
    throw new UsageError(`--chain-config ${(error as Error).message}`);
  }
  return read;
}

/** The options that choose a chain's rules exclude each other (only --hardfork with --fork overrides). */
function checkRuleOptions(
  values: { chain?: string; 'chain-config'?: string; 'chain-id'?: string; hardfork?: string; genesis?: string },
  fork: string | undefined,
): void {
  const given = (['chain', 'chain-config', 'genesis', 'hardfork'] as const).filter((name) => values[name] !== undefined);
  if (given.length > 1) throw new UsageError(`give only one of --${given.join(', --')}: each sets the chain's rules`);
  const chosen = given[0];
  if (values['chain-id'] !== undefined && (chosen === 'chain' || chosen === 'chain-config' || chosen === 'genesis')) {
    throw new UsageError(`--chain-id cannot be combined with --${chosen}, which sets the chain id`);
  }
  if (fork !== undefined) {
    if (values['chain-id'] !== undefined) throw new UsageError("--chain-id cannot be combined with --fork: the chain id is the upstream's");
    if (chosen === 'chain')
      throw new UsageError(
        "--chain starts a fresh chain: not with --fork (the upstream's rules are found by itself; --chain-config FILE or --hardfork NAME replace them)",
      );
    if (chosen === 'genesis') throw new UsageError('give either --fork or --genesis, not both');
  }
  if (values.chain !== undefined && !knownChain(values.chain)) {
    throw new UsageError(
      `unknown --chain '${values.chain}' (known: ${knownChains.map((chain) => `${chain.name} (${chain.chainId})`).join(', ')})`,
    );
  }
}

const basicOnCommandLineWarning =
  'warning: --basic puts the password on the command line, where anyone on this machine can read it in the process list; use --basic-user USER --basic-password-env VAR';

/** HTTP Basic credentials from --basic-user + --basic-password-env, or from --basic USER:PASS. */
function basicCredentials(pair: string | undefined, username: string | undefined, passwordEnv: string | undefined): NodeOptions['basic'] {
  if (pair !== undefined && (username !== undefined || passwordEnv !== undefined)) {
    throw new UsageError('give either --basic or --basic-user with --basic-password-env, not both');
  }
  if (pair !== undefined) {
    const colon = pair.indexOf(':');
    if (colon <= 0) throw new UsageError('--basic must be USER:PASS');
    return { username: pair.slice(0, colon), password: pair.slice(colon + 1) };
  }
  if (username === undefined && passwordEnv === undefined) return undefined;
  if (username === undefined || username === '' || username.includes(':')) {
    throw new UsageError('--basic-password-env needs --basic-user USER (a user name without ":")');
  }
  if (passwordEnv === undefined)
    throw new UsageError('--basic-user needs --basic-password-env VAR (the environment variable holding the password)');
  return { username, password: takeSecret(passwordEnv, '--basic-password-env') };
}

/** A secret handed over in an environment variable, removed from this process's environment so that the
 * trace workers it starts (which inherit it) never hold it. */
function takeSecret(variable: string, option: string): string {
  const value = process.env[variable];
  delete process.env[variable];
  if (!value) throw new UsageError(`${option}: environment variable ${variable} is not set`);
  return value;
}

/** The upstream URL from --fork URL or from the environment variable --fork-url-env names. */
function forkUrl(url: string | undefined, urlEnv: string | undefined): string | undefined {
  if (urlEnv === undefined) return url;
  if (url !== undefined) throw new UsageError('give either --fork or --fork-url-env, not both');
  return takeSecret(urlEnv, '--fork-url-env');
}

const defaultDebugAttachTimeoutMs = 60_000;

/** --debug-traces: the launcher's secret and how long a debug run waits for its debugger. */
function debugRuns(enabled: boolean | undefined, attachTimeout: string | undefined): NodeOptions['debug'] {
  if (!enabled) {
    if (attachTimeout !== undefined) throw new UsageError('--debug-attach-timeout needs --debug-traces');
    return undefined;
  }
  const secret = takeSecret(
    debugSecretVariable,
    '--debug-traces (only the program that starts the node may start debug runs; it passes their secret there)',
  );
  if (secret.length < 32) throw new UsageError(`--debug-traces: the secret in ${debugSecretVariable} must be at least 32 characters`);
  let attachTimeoutMs = defaultDebugAttachTimeoutMs;
  if (attachTimeout !== undefined) {
    try {
      attachTimeoutMs = parseDuration(attachTimeout);
    } catch (error) {
      throw new UsageError(`--debug-attach-timeout: ${(error as Error).message}`);
    }
    if (attachTimeoutMs < 1 || attachTimeoutMs > timerLimitMs)
      throw new UsageError(`--debug-attach-timeout must be between 1ms and ${timerLimitMs}ms (got '${attachTimeout}')`);
  }
  return { secret, attachTimeoutMs };
}

/** What the node starts with, from its command line (checked: a mistake is a UsageError). */
function startOptions({ values, positionals }: CommandLine<typeof options>): NodeOptions {
  expectPositionals(positionals, 0);
  const hardfork = values.hardfork;
  if (hardfork !== undefined && hardforkName(hardfork) === undefined) {
    throw new UsageError(`unknown --hardfork '${hardfork}' (known: ${hardforkNames.join(', ')})`);
  }
  const basic = basicCredentials(values.basic, values['basic-user'], values['basic-password-env']);
  if (values.key !== undefined && !/^[A-Za-z0-9._~-]+$/.test(values.key)) {
    throw new UsageError('--key may contain only letters, digits and . _ ~ - (it becomes a URL path segment)');
  }
  const fork = forkUrl(values.fork, values['fork-url-env']);
  if (values['fork-block'] !== undefined && fork === undefined) throw new UsageError('--fork-block needs --fork URL');
  const paceOption = (name: 'fork-max-requests-per-second' | 'fork-max-concurrent-requests') =>
    values[name] === undefined ? undefined : integer(values[name], `--${name}`, 0, 1);
  const pace = { perSecond: paceOption('fork-max-requests-per-second'), concurrent: paceOption('fork-max-concurrent-requests') };
  if ((pace.perSecond !== undefined || pace.concurrent !== undefined) && fork === undefined)
    throw new UsageError('--fork-max-requests-per-second and --fork-max-concurrent-requests are for fork mode: they need --fork URL');
  if ((values['cache-dir'] !== undefined || values['no-cache']) && fork === undefined)
    throw new UsageError('--cache-dir and --no-cache are for fork mode: they need --fork URL');
  if (values['cache-dir'] !== undefined && values['no-cache']) throw new UsageError('give either --cache-dir or --no-cache, not both');
  checkRuleOptions(values, fork);
  const seed = values.seed ?? 'empty';
  if (!isSeedName(seed)) throw new UsageError(`--seed must be ${seedNames.join(' or ')} (got '${seed}')`);
  if (seed === 'examples' && fork !== undefined) throw new UsageError('--seed examples starts a fresh chain: not with --fork');
  const asUsage = <T>(parse: () => T, prefix = ''): T => {
    try {
      return parse();
    } catch (error) {
      throw new UsageError(prefix + (error as Error).message);
    }
  };
  /** A duration option within what a timer can wait. */
  const duration = (name: 'max-trace-timeout' | 'rpc-evm-timeout'): number | undefined => {
    const value = values[name];
    if (value === undefined) return undefined;
    const ms = asUsage(() => parseDuration(value), `--${name}: `);
    if (ms < 1 || ms > timerLimitMs)
      throw new UsageError(`--${name} must be between 1ms and ${timerLimitMs}ms (about 24 days) (got '${value}')`);
    return ms;
  };
  const gasCap = values['rpc-gas-cap'];
  if (gasCap !== undefined && !/^\d{1,20}$/.test(gasCap))
    throw new UsageError(`--rpc-gas-cap must be a whole number of gas (got '${gasCap}')`);
  return {
    target: asUsage(() => checkClientTarget(values.target, '--target')),
    host: values.host ?? '127.0.0.1',
    port: integer(values.port, '--port', 8545, 0, 65535),
    chainId: integer(values['chain-id'], '--chain-id', 43112, 1),
    hardfork,
    chain: values.chain,
    chainConfig: values['chain-config'] === undefined ? undefined : readChainConfig(values['chain-config']),
    accounts: integer(values.accounts, '--accounts', 10, 0),
    key: values.key,
    basic,
    genesis: values.genesis === undefined ? undefined : readJsonFile(values.genesis, '--genesis'),
    fork:
      fork === undefined
        ? undefined
        : {
            url: fork,
            blockNumber: values['fork-block'] === undefined ? undefined : BigInt(integer(values['fork-block'], '--fork-block', 0, 0)),
            pace: pace.perSecond === undefined && pace.concurrent === undefined ? undefined : pace,
          },
    forkCache: values['no-cache'] ? null : { dir: values['cache-dir'] ?? defaultCacheRoot() },
    forkProgress: forkProgress(process.stderr),
    cors: values.cors === undefined ? [] : asUsage(() => parseCorsOrigins(values.cors!)),
    vhosts: values.vhosts === undefined ? [] : asUsage(() => parseHostNames(values.vhosts!)),
    maxTraceTimeoutMs: duration('max-trace-timeout'),
    rpcEvmTimeoutMs: duration('rpc-evm-timeout'),
    rpcGasCap: gasCap === undefined ? undefined : BigInt(gasCap),
    maxResponseBytes: integer(values['max-response-bytes'], '--max-response-bytes', defaultMaxResponseBytes, 1),
    maxConnectionsPerClient: integer(
      values['max-connections-per-client'],
      '--max-connections-per-client',
      defaultMaxConnectionsPerClient,
      1,
    ),
    seed,
    debug: debugRuns(values['debug-traces'], values['debug-attach-timeout']),
  };
}

export const nodeCommand = defineCommand({
  name: 'node',
  summary: 'run the local dev node with JavaScript tracing',
  synopsis: ['[options]'],
  description: `Runs a local dev chain with JavaScript tracing (debug_traceCall, debug_traceTransaction, debug_traceBlock*).
Prints "listening on http://HOST:PORT (ws://HOST:PORT)" when ready; stops on SIGINT/SIGTERM.`,
  options,
  async run(line) {
    const settings = startOptions(line);
    for (const warning of wildcardWarnings({ cors: settings.cors ?? [], vhosts: settings.vhosts ?? [] }))
      process.stderr.write(warning + '\n');
    if (line.values.basic !== undefined) process.stderr.write(basicOnCommandLineWarning + '\n');
    exitWithLauncher();
    const node = await startDevNode(settings);
    const host = node.host.includes(':') ? `[${node.host}]` : node.host;
    process.stdout.write(`listening on http://${host}:${node.port} (ws://${host}:${node.port})\n`);
    // After the listening line, so the probe does not delay start-up.
    const runtime = `${process.release.name} ${process.version}${process.versions.electron ? `, Electron ${process.versions.electron}` : ''}`;
    try {
      if (!permissionFlag()) {
        process.stderr.write(
          `warning: this runtime (${runtime}) does not enforce Node's permission model: trace workers run without it ` +
            "(the sealed tracer realm and the workers' other limits still apply)\n",
        );
      }
    } catch (error) {
      process.stderr.write(`warning: traces will fail: ${(error as Error).message}\n`);
    }
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await node.close();
    return 0;
  },
});
