// evmtracer_*: what only this node knows. evmtracer_seedInfo names the seeded example contracts (with their
// ABIs) and transactions, so a client can label addresses and offer the contracts' functions. A JSON-RPC
// method rather than a file: clients reach the node only by URL (the CLI's node may run in another terminal
// or on another machine), and other nodes answer "method not found", which clients read as "no seed".
// evmtracer_target names the client whose tracers this node's traces reproduce unless a trace config names
// another (target.ts).
import type { Methods } from '../dispatch';
import * as p from '../params';
import type { NodeContext } from './context';
import { targetTitles } from '../../../core/client-targets';

export function evmtracerMethods(context: NodeContext): Methods {
  return {
    evmtracer_seedInfo: async (params) => {
      p.requireCount(params, 0, 0);
      return context.seed;
    },
    evmtracer_target: async (params) => {
      p.requireCount(params, 0, 0);
      return { target: context.target, client: targetTitles[context.target] };
    },
  };
}
