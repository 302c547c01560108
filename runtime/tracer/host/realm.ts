// A fresh, sealed JavaScript realm per traced transaction. The context's global has a null-prototype
// backing object (with `{}`, `this.constructor` would be the host's Object), its `import()` is refused
// with an error of the realm itself (Node's default refusal is a host error object), its promise jobs never
// reach the host's queue, and everything the
// tracer can touch is built by the inside bundle (../inside) evaluated in the context, which reaches the
// host only through the primitive-only Bridge. The host keeps the returned RealmApi functions and calls
// nothing else of the realm's.
import * as vm from 'node:vm';
import type { BigIntFactory, Bridge, Install, RealmApi, RealmOptions } from '../bridge';
import { API_SCRIPT, BIGINT_SCRIPT } from '../script-names';
import { bigIntLibrarySource } from './bigint-source';
import insideSource from 'tracer-realm:install';

export interface TracerRealm {
  context: vm.Context;
  api: RealmApi;
  /** The option that refuses `import()` in scripts compiled for this realm. */
  importModuleDynamically: () => never;
}

let compiled: { bigInt: vm.Script; inside: vm.Script } | undefined;

/** Compiled once per process; a vm.Script runs in any context. */
function scripts() {
  compiled ??= {
    // geth ships the pre-native build of the library; hiding BigInt keeps it on its own arithmetic, so
    // values behave as there (typeof 'object', valueOf a JS number).
    bigInt: new vm.Script(`(function (BigInt) {${bigIntLibrarySource}\nreturn bigInt; })(undefined)`, { filename: BIGINT_SCRIPT }),
    inside: new vm.Script(insideSource, { filename: API_SCRIPT }),
  };
  return compiled;
}

/** A context with the library and the inside bundle evaluated in it, not yet installed: no bridge and no
 * tracer code has reached it. */
interface UnusedRealm {
  context: vm.Context;
  factory: BigIntFactory;
  install: Install;
  importModuleDynamically: () => never;
}

function unusedRealm(): UnusedRealm {
  // eslint-disable-next-line prefer-const -- the realm that holds it is made after the hook that throws it
  let realmTypeError: ErrorConstructor | undefined;
  const importModuleDynamically = (): never => {
    throw new realmTypeError!('import() is not available to tracers');
  };
  const context = vm.createContext(Object.create(null), {
    codeGeneration: { strings: true, wasm: false },
    // The realm's promise jobs stay on its own queue, which nothing drains once the tracer expression is
    // evaluated: no tracer code runs between the host's awaits or after its transaction.
    microtaskMode: 'afterEvaluate',
    importModuleDynamically: importModuleDynamically as never,
  });
  const { bigInt, inside } = scripts();
  realmTypeError = vm.runInContext('TypeError', context) as ErrorConstructor;
  const factory = bigInt.runInContext(context) as BigIntFactory;
  const { install } = inside.runInContext(context) as { install: Install };
  return { context, factory, install, importModuleDynamically };
}

/** Realms made ahead (prepareRealm), each used once. Only this module holds them: nothing runs in one before
 * it is installed for its tracer, so it is as fresh as one made then. */
const spares: UnusedRealm[] = [];

/** Makes one realm ahead, while the process has nothing else to do (a context and the library's start-up
 * take milliseconds per transaction); false once `count` are waiting. */
export function prepareRealm(count: number): boolean {
  if (spares.length >= count) return false;
  spares.push(unusedRealm());
  return true;
}

export function createRealm(bridge: Bridge, options: RealmOptions): TracerRealm {
  const { context, factory, install, importModuleDynamically } = spares.shift() ?? unusedRealm();
  // Copied out of the realm's object while no tracer code exists yet.
  const api: RealmApi = { ...install(bridge, factory, options) };
  return { context, api, importModuleDynamically };
}
