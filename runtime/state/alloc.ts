// The state a trace starts from, in geth's genesis `alloc` shape: seeded by create.ts, written back by dump.ts.
import type { UpstreamSnapshot } from './upstream-snapshot';

/** One account of a geth genesis `alloc`. */
export interface AllocAccount {
  balance?: string;
  nonce?: string | number;
  code?: string;
  storage?: Record<string, string>;
}

/** Where a trace's state comes from. */
export interface StateSource {
  /** geth alloc shape: the state before the block. */
  preState: Record<string, AllocAccount>;
  /** State read from an upstream node instead of preState: `known` is what the node already has of it (a
   * prefetch, the disk cache), the rest is read lazily. */
  fork?: { url: string; blockNumber: string; blockHash?: string; known?: UpstreamSnapshot };
}
