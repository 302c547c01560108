// The import graph of the TypeScript sources has no circle, and runtime/ is layered one way: the node
// serves trace jobs and the dev chain, the trace layer runs jobs on the execution (evm) with a tracer plugged
// into the execution's events, the dev chain mines on the execution, and the execution runs on the chain's
// rules and the state. A lower layer never imports a higher one.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { importCircles, importGraph } from '../support/import-graph';

const graph = importGraph();

test('the import graph is read: the known entry points and their imports are in it', () => {
  assert.ok(graph.get('runtime/trace/worker.ts')?.includes('runtime/evm/execute.ts'));
  assert.ok(graph.get('runtime/tracer/inside/install.ts')?.includes('runtime/tracer/bridge.ts'));
  assert.ok(graph.get('client/extension.ts')?.includes('client/language-client.ts'), 'a typeof import() counts');
});

test('the circle finder names each circle once, along its imports, and nothing else', () => {
  const made = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['c.ts', 'd.ts']],
    ['c.ts', ['a.ts']],
    ['d.ts', ['e.ts']],
    ['e.ts', []],
    ['f.ts', ['f.ts']],
  ]);
  assert.deepEqual(importCircles(made), [['a.ts', 'b.ts', 'c.ts'], ['f.ts']]);
  made.set('c.ts', []);
  made.set('f.ts', ['e.ts']);
  assert.deepEqual(importCircles(made), []);
});

test('no file imports itself through a circle of imports (type-only imports included)', () => {
  const shown = importCircles(graph).map((circle) => [...circle, circle[0]].join(' -> '));
  assert.deepEqual(shown, [], `import circles:\n${shown.join('\n')}`);
});

/** Each runtime/ folder (a layer) and the runtime/ folders it must not import: the ones above it, and for the dev
 * chain and the tracing layers each other (the dev chain mines on the EVM without tracers). */
const above: Record<string, string[]> = {
  'runtime/state': [
    'runtime/chain',
    'runtime/evm',
    'runtime/devchain',
    'runtime/builtin',
    'runtime/tracer',
    'runtime/trace',
    'runtime/node',
  ],
  // What a chain is (identity, fork schedule, genesis), read by the EVM's rules (evm/common.ts).
  'runtime/chain': ['runtime/evm', 'runtime/devchain', 'runtime/builtin', 'runtime/tracer', 'runtime/trace', 'runtime/node'],
  'runtime/evm': ['runtime/devchain', 'runtime/builtin', 'runtime/tracer', 'runtime/trace', 'runtime/node'],
  'runtime/builtin': ['runtime/devchain', 'runtime/trace', 'runtime/node'],
  'runtime/tracer': ['runtime/devchain', 'runtime/builtin', 'runtime/trace', 'runtime/node'],
  'runtime/trace': ['runtime/devchain', 'runtime/node'],
  'runtime/devchain': ['runtime/builtin', 'runtime/tracer', 'runtime/trace', 'runtime/node'],
  'runtime/node': [],
};

test('every runtime/ folder is one of the layers', () => {
  const folders = new Set(
    [...graph.keys()].filter((file) => file.startsWith('runtime/')).map((file) => file.split('/').slice(0, 2).join('/')),
  );
  assert.ok(folders.has('runtime/evm'));
  assert.deepEqual([...folders].filter((folder) => !(folder in above)).sort(), [], 'runtime/ folders with no layer');
});

test('runtime/ layers point one way: the EVM and the state never import tracers, trace jobs or the node', () => {
  const upward: string[] = [];
  for (const [from, targets] of graph) {
    for (const [layer, higher] of Object.entries(above)) {
      if (!from.startsWith(layer + '/')) continue;
      for (const target of targets) if (higher.some((h) => target.startsWith(h + '/'))) upward.push(`${from} -> ${target}`);
    }
  }
  assert.deepEqual(upward, [], `imports from a lower layer to a higher one:\n${upward.join('\n')}`);
});
