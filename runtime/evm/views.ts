// What the execution hands the tracer plugged into it (the JS tracer host or a built-in tracer): plain data,
// written before each hook call. Gas figures are bigints, as the EVM keeps them: a call may have up to 2^64-1
// gas (with no RPC gas cap), which a Number holds exactly only below 2^53; the JS tracer host turns them into
// Numbers (float64, as geth's goja gets them).

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
  gas: bigint;
  cost: bigint;
  /** The opcode's own gas (geth's cost minus, for CALL-family opcodes, the gas forwarded to the child). */
  baseCost?: bigint;
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
  gas: bigint;
  /** undefined for STATICCALL. */
  value: bigint | undefined;
}

export interface ExitView {
  gasUsed: bigint;
  output: Uint8Array;
  error: string | undefined;
}

/** ctx fields, set as the transaction progresses (spec §3.3). */
export interface TxContextView {
  type?: 'CALL' | 'CREATE';
  from?: Uint8Array;
  to?: Uint8Array;
  input?: Uint8Array;
  value?: bigint;
  gas?: bigint;
  gasPrice?: bigint;
  block?: number;
  coinbase?: Uint8Array;
  gasUsed?: bigint;
  output?: Uint8Array;
  error?: string;
  blockHash?: Uint8Array;
  txIndex?: number;
  txHash?: Uint8Array;
}

/** The `log` a tracer sees before any step was recorded (geth: op STOP, zeros, empty stack and memory). */
export const emptyStep: StepView = {
  op: 0,
  pc: 0,
  gas: 0n,
  cost: 0n,
  depth: 0,
  refund: 0,
  stack: [],
  memory: new Uint8Array(0),
  error: undefined,
  frame: { address: new Uint8Array(20), caller: new Uint8Array(20), value: 0n, input: new Uint8Array(0) },
};
