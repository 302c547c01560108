// The current opcode as the host last reported it: plain fields of the realm, so `log.getPC()` and friends
// answer without crossing to the host.
export interface StepState {
  op: number;
  opName: string;
  pc: number;
  gas: number;
  cost: number;
  depth: number;
  refund: number;
  stackLength: number;
  memoryLength: number;
  error: string | undefined;
}

/** geth's `log` before any step was recorded: op STOP, zeros, empty stack and memory. */
export function emptyStepState(): StepState {
  return { op: 0, opName: 'STOP', pc: 0, gas: 0, cost: 0, depth: 0, refund: 0, stackLength: 0, memoryLength: 0, error: undefined };
}
