// geth --dev (the pinned version, built by test/setup/reference-nodes.mjs): a one-node chain with an
// unlocked, funded dev account that mines a block for each transaction, HTTP and WebSocket on one free
// 127.0.0.1 port, in a temp datadir removed by stop. Optionally from geth's own dev genesis with forks left
// out and more accounts funded (`geth --dev dumpgenesis`, edited, then `geth init`: geth --dev keeps a
// chain it finds in its datadir).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gethBinary } from '../../setup/reference-nodes.mjs';
import { inTempDir, startNodeProcess, type RunningNode } from '../nodes/process';

const apis = 'eth,debug,net,web3';

export interface GethDevOptions {
  /** Fork keys to drop from the dev genesis config, e.g. `bogotaTime` for a fork the code under test lacks. */
  withoutForks?: string[];
  /** Addresses funded at genesis with 1,000,000 ether each. */
  fund?: string[];
  /** --rpc.gascap (geth's default: 50,000,000; 0 for no cap). */
  rpcGasCap?: bigint;
  /** Every block's state kept (geth keeps the last 128 blocks' otherwise), for tracing many blocks back. */
  archive?: boolean;
  /** More flags for geth (e.g. its state scheme and history). */
  flags?: string[];
}

/** An archive node keeps every state in the hash scheme, chosen when the datadir is made. */
const archiveFlags = (options: GethDevOptions) => (options.archive ? ['--state.scheme', 'hash'] : []);

interface Genesis {
  config: Record<string, unknown>;
  alloc: Record<string, { balance?: string }>;
}

function initGenesis(datadir: string, options: GethDevOptions): void {
  const genesis = JSON.parse(
    execFileSync(gethBinary, ['--dev', 'dumpgenesis'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
  ) as Genesis;
  for (const fork of options.withoutForks ?? []) {
    if (!(fork in genesis.config)) throw new Error(`geth's dev genesis has no ${fork} to leave out`);
    delete genesis.config[fork];
  }
  for (const address of options.fund ?? []) genesis.alloc[address.toLowerCase()] = { balance: `0x${(10n ** 24n).toString(16)}` };
  const file = join(datadir, 'genesis.json');
  writeFileSync(file, JSON.stringify(genesis));
  execFileSync(gethBinary, ['--datadir', datadir, ...archiveFlags(options), 'init', file], { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** geth's flags for a node on 127.0.0.1:`port` with its data in `datadir`, no peers. */
function serveArgs(datadir: string, port: number): string[] {
  return [
    '--datadir',
    datadir,
    // HTTP and WebSocket on the same port: geth serves both there.
    '--http',
    '--http.addr',
    '127.0.0.1',
    '--http.port',
    String(port),
    '--http.api',
    apis,
    '--ws',
    '--ws.addr',
    '127.0.0.1',
    '--ws.port',
    String(port),
    '--ws.api',
    apis,
    '--nodiscover',
    '--maxpeers',
    '0',
    '--port',
    '0',
    '--ipcdisable',
    '--verbosity',
    '2',
  ];
}

export function startGethDev(options: GethDevOptions = {}): Promise<RunningNode> {
  return inTempDir('evm-tracer-geth-', (datadir) => {
    if (options.withoutForks || options.fund || options.archive) initGenesis(datadir, options);
    return startNodeProcess('geth --dev', gethBinary, (port) => [
      '--dev',
      ...serveArgs(datadir, port),
      ...(options.rpcGasCap === undefined ? [] : ['--rpc.gascap', String(options.rpcGasCap)]),
      ...(options.archive ? ['--gcmode', 'archive', ...archiveFlags(options)] : []),
      ...(options.flags ?? []),
    ]);
  });
}

/** geth's fork keys that are block numbers, in order. */
const blockForks = ['homestead', 'eip150', 'eip155', 'eip158', 'byzantium', 'constantinople', 'petersburg', 'istanbul', 'berlin', 'london'];

/** An empty chain (before the merge) whose genesis runs every fork up to `last`, for startGethAtGenesis. */
export function genesisThrough(last: string): object {
  const forks = blockForks.slice(0, blockForks.indexOf(last) + 1);
  return {
    config: {
      chainId: 1337,
      terminalTotalDifficulty: Number.MAX_SAFE_INTEGER,
      ...Object.fromEntries(forks.map((name) => [`${name}Block`, 0])),
    },
    difficulty: '0x1',
    gasLimit: '0x1c9c380',
    alloc: {},
  };
}

/** A geth that mines nothing, on the chain of `genesis` (a geth genesis, written to `<datadir>/genesis.json`):
 * its genesis block is the state and the rules debug_traceCall runs on, e.g. a fork before London that --dev
 * cannot start at. */
export function startGethAtGenesis(genesis: object): Promise<RunningNode & { genesisFile: string }> {
  return inTempDir('evm-tracer-geth-', async (datadir) => {
    const genesisFile = join(datadir, 'genesis.json');
    writeFileSync(genesisFile, JSON.stringify(genesis));
    execFileSync(gethBinary, ['--datadir', datadir, 'init', genesisFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    // Outside --dev geth serves the engine API too: on a port of its choice, not 8551.
    const node = await startNodeProcess('geth', gethBinary, (port) => [...serveArgs(datadir, port), '--authrpc.port', '0']);
    return { ...node, genesisFile };
  });
}
