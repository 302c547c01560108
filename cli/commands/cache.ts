// `evm-tracer cache [info|clear]`: the fork cache (runtime/state/fork-cache.ts) that fork nodes keep of their
// upstreams' state and blocks. Its arguments are handled here, on their own.
import { parseArgs } from 'node:util';
import { cacheInfo, clearCache, defaultCacheRoot, defaultMaxBytes } from '../../runtime/state/fork-cache';
import type { Command } from './command';

const usage = `usage: evm-tracer cache [info|clear] [--cache-dir DIR]

The cache of upstream state and blocks fork nodes (evm-tracer node --fork) keep, so that a second trace of a
transaction or call needs no upstream request. One folder per chain id and upstream (its origin, hashed).
  info                 the folder, its size and bound, and the size per chain and upstream (default)
  clear                delete it all (running fork nodes keep what they hold in memory)
  --cache-dir DIR      the cache folder (default $EVM_TRACER_CACHE_DIR, else $XDG_CACHE_HOME/evm-tracer, else
                       ~/.cache/evm-tracer; the extension keeps its own in its global storage)`;

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

export const cacheCommand: Command = {
  summary: "show or clear fork mode's cache of upstream state",
  async run(argv) {
    let values: { 'cache-dir'?: string; help?: boolean };
    let positionals: string[];
    try {
      ({ values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { 'cache-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } } }));
      if (positionals.length > 1 || (positionals[0] !== undefined && !['info', 'clear'].includes(positionals[0]))) {
        throw new Error(`expected info or clear (got ${positionals.map((p) => `'${p}'`).join(' ')})`);
      }
    } catch (error) {
      process.stderr.write(`evm-tracer cache: ${(error as Error).message}\n\n${usage}\n`);
      return 2;
    }
    if (values.help) {
      process.stdout.write(usage + '\n');
      return 0;
    }
    const root = values['cache-dir'] ?? defaultCacheRoot();
    if (positionals[0] === 'clear') {
      const { bytes } = await cacheInfo(root);
      await clearCache(root);
      process.stdout.write(`cleared ${(await cacheInfo(root)).folder} (${mib(bytes)})\n`);
      return 0;
    }
    const info = await cacheInfo(root);
    process.stdout.write(`${info.folder}: ${mib(info.bytes)} of at most ${mib(defaultMaxBytes)}\n`);
    for (const upstream of info.upstreams) {
      const [chainId, origin] = upstream.upstream.split('-');
      process.stdout.write(`  chain ${chainId}, upstream ${origin}: ${upstream.files} files, ${mib(upstream.bytes)}\n`);
    }
    return 0;
  },
};
