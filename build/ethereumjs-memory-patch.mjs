// @ethereumjs/evm copies the whole EVM memory into every `step` event; with 1 MiB of memory that makes
// tracing ~200x slower. A zero-copy view is valid for the duration of the synchronous listener, and the
// tracer host copies what it keeps (geth's memory.slice returns a copy too).
import { promises as fs } from 'node:fs';

const target = 'memory: this._runState.memory._store.slice(0, Number(memorySize) * 32)';
const replacement = 'memory: this._runState.memory._store.subarray(0, Number(memorySize) * 32)';

export const ethereumjsMemoryPatch = {
  name: 'ethereumjs-memory-patch',
  setup(build) {
    build.onLoad({ filter: /@ethereumjs[\\/]evm[\\/]dist[\\/](cjs|esm)[\\/]interpreter\.js$/ }, async (args) => {
      const source = await fs.readFile(args.path, 'utf8');
      const patched = source.replace(target, replacement);
      if (patched === source) throw new Error(`ethereumjs memory patch: target not found in ${args.path}`);
      return { contents: patched, loader: 'js' };
    });
  },
};
