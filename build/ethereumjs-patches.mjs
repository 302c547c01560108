// Bundle-time patches to @ethereumjs: the interpreter's `step` events made to match geth's tracer hooks, its
// hot path made synchronous, calls spared the EOA check as geth spares them, and a traced fee-less
// transaction's coinbase left alone as geth leaves it. Each text patch names the exact text it replaces and
// fails the build if that text is gone (a new version). The evm and vm patches are to their ESM builds, the
// ones the bundle takes.
import { promises as fs } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A sync-first `runStep`, put beside ethereumjs' own (kept as `runStepAsync` for the profiler, debug logs and
 * code-chunk charging). ethereumjs awaits every opcode (the step, its gas handler, the step hook and the
 * emit), a microtask hop each; most opcodes need none, so this one runs them synchronously and returns a
 * promise only when a gas handler, a step listener or the opcode itself is asynchronous (state access,
 * calls). The order of the work and the errors are ethereumjs': gas, step hook (also when the gas handler
 * throws an EVM error), invalid opcode, charge, pc advance, EIP-7928's check, handler, witness commit. */
const syncRunStep = `
    runStep(opcodeObj) {
        if (this._slowSteps === undefined) {
            this._slowSteps = this.profilerOpts?.enabled === true || this._evm.DEBUG ||
                ((this.common.isActivatedEIP(6800) || this.common.isActivatedEIP(7864)) && this._env.chargeCodeAccesses === true);
        }
        if (this._slowSteps) return this.runStepAsync(opcodeObj);
        const opEntry = opcodeObj ?? this.lookupOpInfo(this._runState.opCode);
        const fee = opEntry.opcodeInfo.feeBigInt;
        const memorySizeCache = this._runState.memoryWordCount;
        if (!opEntry.opcodeInfo.dynamicGas) return this._stepCharged(opEntry, fee, memorySizeCache);
        let gas;
        try {
            gas = opEntry.gasHandler(this._runState, fee, this.common);
        }
        catch (error) {
            return this._stepGasFailed(error, fee, memorySizeCache);
        }
        if (gas instanceof Promise) {
            return gas.then((total) => this._stepCharged(opEntry, total, memorySizeCache), (error) => this._stepGasFailed(error, fee, memorySizeCache));
        }
        return this._stepCharged(opEntry, gas, memorySizeCache);
    }
    _stepGasFailed(error, fee, memorySizeCache) {
        if (isEVMError(error) && this._evm.events.listenerCount('step') > 0) {
            const hook = this._runStepHook(fee, this.getGasLeft(), memorySizeCache);
            if (hook !== undefined) return hook.then(() => { throw error; });
        }
        throw error;
    }
    _stepCharged(opEntry, gas, memorySizeCache) {
        if (this._evm.events.listenerCount('step') > 0) {
            const hook = this._runStepHook(gas, this.getGasLeft(), memorySizeCache);
            if (hook !== undefined) return hook.then(() => this._stepExecute(opEntry, gas));
        }
        return this._stepExecute(opEntry, gas);
    }
    _stepExecute(opEntry, gas) {
        const opInfo = opEntry.opcodeInfo;
        if (opInfo.isInvalid) throw new EVMError(EVMError.errorMessages.INVALID_OPCODE);
        this.useGas(gas, opInfo);
        this._runState.programCounter++;
        consumeEip7928PostTargetCallOog(this._runState);
        const done = opEntry.opHandler.apply(null, [this._runState, this.common]);
        // An asynchronous opcode's handler may finish synchronously (storage on a synchronous state).
        if (opInfo.isAsync && done instanceof Promise) {
            return done.then(() => {
                this._runState.env.accessWitness?.commit();
            });
        }
        this._runState.env.accessWitness?.commit();
    }
    async runStepAsync(opcodeObj) {`;

const interpreter = [
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
      "(this._runState.opCode = 0, await Promise.resolve().then(() => this.runStep()).then(() => false, (e) => { if (e && e.errorType === 'EVMError' && e.error === 'stop') return false; throw e; }))) {",
  },
  { target: 'async runStep(opcodeObj) {', replacement: syncRunStep },
  {
    // The loop awaits a step only when it is asynchronous.
    target: 'await this.runStep(opCodeObj);',
    replacement: '{ const pending = this.runStep(opCodeObj); if (pending !== undefined) await pending; }',
  },
  { target: 'async _runStepHook(dynamicFee, gasLeft, memorySize) {', replacement: '_runStepHook(dynamicFee, gasLeft, memorySize) {' },
  {
    // Plain listeners are called synchronously (ethereumjs' _emit awaits each); a listener taking a
    // callback still goes through _emit.
    target: "await this._evm['_emit']('step', eventObj);",
    replacement:
      "const listeners = this._evm.events.listeners('step');\n" +
      "        if (listeners.some((listener) => listener.length === 2)) return this._evm['_emit']('step', eventObj);\n" +
      '        for (const listener of listeners) listener(eventObj);',
  },
];

const util = [
  {
    // Zero padding by spreading both arrays into a new one: a third of the EVM's time on a storage loop
    // (every SLOAD/SSTORE key and value is padded).
    target:
      'return right\n            ? new Uint8Array([...msg, ...new Uint8Array(length - msg.length)])\n            : new Uint8Array([...new Uint8Array(length - msg.length), ...msg]);',
    replacement:
      'const padded = new Uint8Array(length);\n        padded.set(msg, right ? 0 : length - msg.length);\n        return padded;',
  },
  {
    // Every stack word that becomes a storage key or value: a non-negative bigint's hex is valid as it is,
    // so the checks of the 0x-prefixed detour (a regular expression each) are skipped.
    target: 'const bytes = hexToBytes(`0x${padToEven(num.toString(16))}`);',
    replacement:
      "const bytes = typeof num === 'bigint' && num >= BigInt(0) ? hexToBytesNoble(padToEven(num.toString(16))) : hexToBytes(`0x${padToEven(num.toString(16))}`);",
  },
];

const opcodeUtil = [
  {
    // Tells a zero storage value by comparing it with a new array of zeros, on every SSTORE.
    target: 'if (equalsBytes(value, new Uint8Array(value.length))) {',
    replacement: 'if (value.every((byte) => byte === 0)) {',
  },
];

const common = [
  {
    // Asked several times per opcode; a linear search of the active EIPs' array (rebuilt, never changed in
    // place, when the hardfork changes).
    target: 'if (this._activatedEIPsCache.includes(eip)) {\n            return true;\n        }\n        return false;',
    replacement:
      'if (this._activatedEIPsSetOf !== this._activatedEIPsCache) {\n' +
      '            this._activatedEIPsSetOf = this._activatedEIPsCache;\n' +
      '            this._activatedEIPsSet = new Set(this._activatedEIPsCache);\n' +
      '        }\n' +
      '        return this._activatedEIPsSet.has(eip);',
  },
];

const runTx = [
  {
    // geth runs calls (eth_call, debug_traceCall) with SkipTransactionChecks, which skips EIP-3607's refusal of
    // a sender with code: the option `skipEOACheck` does the same here.
    target: 'if (!equalsBytes(fromAccount.codeHash, KECCAK256_NULL)) {',
    replacement: 'if (opts.skipEOACheck !== true && !equalsBytes(fromAccount.codeHash, KECCAK256_NULL)) {',
  },
  {
    // geth traces with NoBaseFee, which pays no fee at all for a transaction naming none (fee cap and tip 0): the
    // coinbase is not touched, so before EIP-158 no empty account is made for it. `noFeePayment` asks for that.
    target: "    // Update miner's balance\n    await updateMinerBalance(vm, state, block, results, inclusionFeePerGas);",
    replacement:
      "    // Update miner's balance\n" +
      '    if (opts.noFeePayment === true) results.minerValue = BIGINT_0;\n' +
      '    else await updateMinerBalance(vm, state, block, results, inclusionFeePerGas);',
  },
];

// Synchronous storage: SLOAD and SSTORE await the state manager, a microtask hop or more each even when the
// state is plain maps. A state manager that has synchronous twins of its storage reads and writes (the
// seeded state: storageNow, putStorageNow, accountNow, originalStorageNow) gets synchronous twins of these
// opcodes' handlers and of the interpreter's storageLoad/storageStore: the same code with each await
// dropped and each state call renamed to its twin, run in the same order. Any other state manager (fork
// mode's, which may fetch) runs ethereumjs' own code.
const storageTwinCalls = [
  ['runState.interpreter.storageLoad(', 'runState.interpreter.storageLoadNow('],
  ['runState.interpreter.storageStore(', 'runState.interpreter.storageStoreNow('],
  ['this._stateManager.originalStorageCache.get(', 'this._stateManager.originalStorageNow('],
  ['this._stateManager.getStorage(', 'this._stateManager.storageNow('],
  ['this._stateManager.putStorage(', 'this._stateManager.putStorageNow('],
  ['this._stateManager.getAccount(', 'this._stateManager.accountNow('],
];
const hasStorageTwins = 'runState.stateManager.storageNow !== undefined';

/** Where the function starting at `signature` (one occurrence) ends, and its body (braces included). */
function functionAt(path, source, signature) {
  const start = source.indexOf(signature);
  if (start === -1 || source.indexOf(signature, start + 1) !== -1)
    throw new Error(`ethereumjs patch: ${JSON.stringify(signature)} is not in ${path} exactly once`);
  const open = start + signature.length - 1;
  // The body's braces balance in these functions (none inside strings or comments).
  let depth = 0;
  let end = open;
  do {
    if (source[end] === '{') depth++;
    else if (source[end] === '}') depth--;
    end++;
  } while (depth > 0 && end < source.length);
  return { start, end, body: source.slice(open, end) };
}

/** `code` with its awaits dropped and its state calls renamed to their synchronous twins. */
function syncTwin(path, code) {
  let twin = code.replaceAll('async ', '').replaceAll('await ', '');
  for (const [call, now] of storageTwinCalls) twin = twin.replaceAll(call, now);
  if (/\bawait\b|\basync\b/.test(twin)) throw new Error(`ethereumjs patch: an await is left in a synchronous twin in ${path}`);
  return twin;
}

/** The handler at `signature` made to run its synchronous twin on a state that has storage twins. */
function storageHandler(path, source, signature) {
  const { start, end, body } = functionAt(path, source, signature);
  const head = signature.replace('async ', '').slice(0, -1);
  const handler = `${head}{\n if (${hasStorageTwins}) return (() => ${syncTwin(path, body)})();\n return (async () => ${body})();\n}`;
  return source.slice(0, start) + handler + source.slice(end);
}

/** Adds the synchronous twin of the interpreter's method at `signature`, named `twinName`, after it. */
function storageMethodTwin(path, source, signature, twinName) {
  const { end } = functionAt(path, source, signature);
  const start = source.indexOf(signature);
  const twin = syncTwin(path, source.slice(start, end)).replace(/^\w+\(/, `${twinName}(`);
  return source.slice(0, end) + '\n    ' + twin + source.slice(end);
}

/** The journal's warm addresses and slots keyed by remembered hex (runtime/state/hex-memo.ts). */
const hexMemo = fileURLToPath(new URL('../runtime/state/hex-memo.ts', import.meta.url));
function journalHex(path, source) {
  if (!source.includes('bytesToUnprefixedHex(address)')) throw new Error(`ethereumjs patch: the journal's hex keys are gone in ${path}`);
  return `import { unprefixedHex } from ${JSON.stringify(hexMemo)};\n` + source.replaceAll('bytesToUnprefixedHex(', 'unprefixedHex(');
}

const asyncGasHandler = 'async function (runState, gas, common) {';

/** The gas handlers that await nothing, made plain functions so their opcodes run without a microtask hop
 * (the sync-first runStep awaits a handler only when it returns a promise). */
function syncGasHandlers(source) {
  let out = '';
  let from = 0;
  let made = 0;
  for (let at = source.indexOf(asyncGasHandler); at !== -1; at = source.indexOf(asyncGasHandler, at + 1)) {
    // The handler's body: braces balance in ethereumjs' handlers (no braces inside strings or comments).
    let depth = 0;
    let end = at + asyncGasHandler.length - 1;
    do {
      if (source[end] === '{') depth++;
      else if (source[end] === '}') depth--;
      end++;
    } while (depth > 0 && end < source.length);
    if (source.slice(at, end).includes('await')) continue;
    out += source.slice(from, at) + 'function (runState, gas, common) {';
    from = at + asyncGasHandler.length;
    made++;
  }
  if (made < 20) throw new Error(`ethereumjs patch: only ${made} synchronous gas handlers found in gas.js`);
  return out + source.slice(from);
}

function applyPatches(path, source, patches) {
  for (const { target, replacement } of patches) {
    if (!source.includes(target)) throw new Error(`ethereumjs patch: target not found in ${path}: ${target}`);
    source = source.replace(target, replacement);
  }
  return source;
}

export const ethereumjsPatches = {
  name: 'ethereumjs-patches',
  setup(build) {
    const patch = (filter, change) =>
      build.onLoad({ filter }, async (args) => ({ contents: change(args.path, await fs.readFile(args.path, 'utf8')), loader: 'js' }));
    patch(/@ethereumjs[\\/]evm[\\/]dist[\\/]esm[\\/]interpreter\.js$/, (path, source) => {
      const patched = applyPatches(path, source, interpreter);
      const loads = storageMethodTwin(path, patched, 'async storageLoad(key, original = false, trackBAL = true) {', 'storageLoadNow');
      return storageMethodTwin(path, loads, 'async storageStore(key, value) {', 'storageStoreNow');
    });
    patch(/@ethereumjs[\\/]evm[\\/]dist[\\/]esm[\\/]opcodes[\\/]gas\.js$/, (path, source) =>
      syncGasHandlers(storageHandler(path, source, '/* SSTORE */\n        0x55,\n        async function (runState, gas, common) {')),
    );
    patch(/@ethereumjs[\\/]evm[\\/]dist[\\/]esm[\\/]opcodes[\\/]functions\.js$/, (path, source) => {
      const loads = storageHandler(path, source, '// 0x54: SLOAD\n    [\n        0x54,\n        async function (runState) {');
      return storageHandler(path, loads, '// 0x55: SSTORE\n    [\n        0x55,\n        async function (runState) {');
    });
    patch(/@ethereumjs[\\/]evm[\\/]dist[\\/]esm[\\/]journal\.js$/, journalHex);
    patch(/@ethereumjs[\\/]vm[\\/]dist[\\/]esm[\\/]runTx\.js$/, (path, source) => applyPatches(path, source, runTx));
    patch(/@ethereumjs[\\/]evm[\\/]dist[\\/]esm[\\/]opcodes[\\/]util\.js$/, (path, source) => applyPatches(path, source, opcodeUtil));
    patch(/@ethereumjs[\\/]common[\\/]dist[\\/](cjs|esm)[\\/]common\.js$/, (path, source) => applyPatches(path, source, common));
    patch(/@ethereumjs[\\/]util[\\/]dist[\\/](cjs|esm)[\\/]bytes\.js$/, (path, source) => applyPatches(path, source, util));
    patch(/@ethereumjs[\\/]vm[\\/]dist[\\/](cjs|esm)[\\/]runTx\.js$/, (path, source) => applyPatches(path, source, runTx));
  },
};
