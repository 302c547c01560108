// The state a trace starts from, in geth's genesis `alloc` shape: seeded by create.ts, written back by dump.ts.

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
  /** State read lazily from an upstream node instead of preState. */
  fork?: { url: string; blockNumber: string };
}
