// `evm-tracer cache [info|clear]`: the fork cache (runtime/state/fork-cache.ts) that fork nodes keep of their
// upstreams' state and blocks.
import { cacheInfo, clearCache, defaultCacheRoot, defaultMaxBytes } from '../../runtime/state/fork-cache';
import { defineCommand, UsageError } from '../command-line';

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

export const cacheCommand = defineCommand({
  name: 'cache',
  summary: "show or clear fork mode's cache of upstream state",
  synopsis: ['[info|clear] [--cache-dir DIR]'],
  description: `The cache of upstream state and blocks fork nodes (evm-tracer node --fork) keep, so that a second trace of a
transaction or call needs no upstream request. One folder per chain id and upstream URL (named by a keyed hash:
no host, path or key shows). info (the default) shows the folder, its size and bound, and the size per chain and
upstream; clear deletes it all, earlier layouts too (running fork nodes keep what they hold in memory).`,
  options: {
    'cache-dir': {
      type: 'string',
      value: 'DIR',
      help: `the cache folder (default $EVM_TRACER_CACHE_DIR, else $XDG_CACHE_HOME/evm-tracer, else
~/.cache/evm-tracer; the extension keeps its own in its global storage)`,
    },
  },
  async run({ values, positionals }) {
    const [action = 'info', ...rest] = positionals;
    if (rest.length > 0 || !['info', 'clear'].includes(action)) {
      throw new UsageError(`expected info or clear (got ${positionals.map((p) => `'${p}'`).join(' ')})`);
    }
    const root = values['cache-dir'] ?? defaultCacheRoot();
    if (action === 'clear') {
      const { folder, bytes } = await cacheInfo(root);
      await clearCache(root);
      process.stdout.write(`cleared ${folder} (${mib(bytes)})\n`);
      return 0;
    }
    const info = await cacheInfo(root);
    process.stdout.write(`${info.folder}: ${mib(info.bytes)} of at most ${mib(defaultMaxBytes)}\n`);
    for (const upstream of info.upstreams) {
      const [chainId, name] = upstream.upstream.split('-');
      process.stdout.write(`  chain ${chainId}, upstream ${name}: ${upstream.files} files, ${mib(upstream.bytes)}\n`);
    }
    return 0;
  },
});
