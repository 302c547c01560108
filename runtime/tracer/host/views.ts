// What the EVM side hands the tracer host: plain data, written before each hook call.

/** The account executing a frame, as `log.contract` shows it. */
export interface FrameView {
  address: Uint8Array;
  caller: Uint8Array;
  value: bigint;
  /** Call data; empty for CREATE init code. */
  input: Uint8Array;
}

export interface StepView {
  op: number;
  pc: number;
  gas: number;
  cost: number;
  /** The opcode's own gas (geth's cost minus, for CALL-family opcodes, the gas forwarded to the child). */
  baseCost?: number;
  /** 1-based, as geth's getDepth(). */
  depth: number;
  refund: number;
  /** Bottom first. */
  stack: bigint[];
  /** The EVM memory before this opcode's expansion (a view: copy what is kept). */
  memory: Uint8Array;
  error: string | undefined;
  frame: FrameView;
}

export interface EnterView {
  type: string;
  from: Uint8Array;
  to: Uint8Array;
  input: Uint8Array;
  gas: number;
  /** undefined for STATICCALL. */
  value: bigint | undefined;
}

export interface ExitView {
  gasUsed: number;
  output: Uint8Array;
  error: string | undefined;
}

/** Synchronous reads of the live state (geth's `db`). */
export interface StateReader {
  balance(address: Uint8Array): bigint;
  nonce(address: Uint8Array): bigint;
  code(address: Uint8Array): Uint8Array;
  /** 32 bytes. */
  storage(address: Uint8Array, slot: Uint8Array): Uint8Array;
  exists(address: Uint8Array): boolean;
  /** Runs `read` with reads showing the state as the last revert found it (a failing frame's state). */
  beforeLastRevert?<T>(read: () => T): T;
}

/** ctx fields, set as the transaction progresses (spec §3.3). */
export interface TxContextView {
  type?: 'CALL' | 'CREATE';
  from?: Uint8Array;
  to?: Uint8Array;
  input?: Uint8Array;
  value?: bigint;
  gas?: number;
  gasPrice?: bigint;
  block?: number;
  coinbase?: Uint8Array;
  gasUsed?: number;
  output?: Uint8Array;
  error?: string;
  blockHash?: Uint8Array;
  txIndex?: number;
  txHash?: Uint8Array;
}
