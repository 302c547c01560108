// Bundle-time patches to @ethereumjs/evm's interpreter, so its `step` events match geth's tracer hooks.
// Each patch names the exact text it replaces and fails the build if that text is gone (a new version).
import { promises as fs } from 'node:fs';

const patches = [
  {
    // The step event copies the whole EVM memory on every opcode: with 1 MiB of memory tracing is ~200x
    // slower. A zero-copy view is valid during the synchronous listener, and the tracer host copies what
    // it keeps (geth's memory.slice returns a copy too).
    target: 'memory: this._runState.memory._store.slice(0, Number(memorySize) * 32)',
    replacement: 'memory: this._runState.memory._store.subarray(0, Number(memorySize) * 32)',
  },
  {
    // geth reads a STOP past the end of code and traces it as a step (pc = code length, cost 0);
    // ethereumjs just leaves its loop. Run one STOP step there, as geth does.
    target: 'while (this._runState.programCounter < this._runState.code.length) {',
    replacement:
      'while (this._runState.programCounter < this._runState.code.length || ' +
      "(this._runState.opCode = 0, await this.runStep().then(() => false, (e) => { if (e && e.errorType === 'EVMError' && e.error === 'stop') return false; throw e; }))) {",
  },
];

export const ethereumjsPatches = {
  name: 'ethereumjs-patches',
  setup(build) {
    build.onLoad({ filter: /@ethereumjs[\\/]evm[\\/]dist[\\/](cjs|esm)[\\/]interpreter\.js$/ }, async (args) => {
      let source = await fs.readFile(args.path, 'utf8');
      for (const { target, replacement } of patches) {
        if (!source.includes(target)) throw new Error(`ethereumjs patch: target not found in ${args.path}: ${target}`);
        source = source.replace(target, replacement);
      }
      return { contents: source, loader: 'js' };
    });
  },
};
