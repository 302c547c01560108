// Node error positions → the user's tracer file. geth (goja) reports runtime errors as
// `at step (<eval>:1:53(13))` and syntax errors as `Line 1:22 …`; anvil (boa) as `at result (unknown at :1:61)`.
// All are 1-based in the text the node compiled, `(` + flattened + `)`: toSourcePosition's default origin.
import type { Position } from '../tracer/positions';
import { NodeError } from '../rpc/errors';

const nodePosition = /(?:<eval>|\bunknown at ):(\d+):(\d+)(?:\(\d+\))?|\bLine (\d+):(\d+)/g;

type ToSourcePosition = (line1: number, column1: number) => Position | undefined;

/** The message with each node position followed by the file position it comes from, and those positions. */
function mapNodePositions(
  message: string,
  toSourcePosition: ToSourcePosition,
  fileName: string,
): { message: string; positions: Position[] } {
  const positions: Position[] = [];
  const mapped = message.replace(nodePosition, (match, evalLine, evalColumn, syntaxLine, syntaxColumn) => {
    const position = toSourcePosition(Number(evalLine ?? syntaxLine), Number(evalColumn ?? syntaxColumn));
    if (!position) return match;
    positions.push(position);
    return `${match} (${fileName}:${position.line + 1}:${position.character + 1})`;
  });
  return { message: mapped, positions };
}

/** A node's JSON-RPC error about the tracer, with positions in the user's file (0-based). */
export class TracerNodeError extends NodeError {
  readonly positions: Position[];

  constructor(error: NodeError, message: string, positions: Position[], fileName: string) {
    const where = positions.length > 0 ? ` The first position is ${fileName}:${positions[0].line + 1}:${positions[0].character + 1}.` : '';
    super(error.kind, message, `${error.explanation}${where}`, { status: error.status, retryAfter: error.retryAfter, rpc: error.rpc });
    this.positions = positions;
  }
}

/** `error` with its positions mapped to the file, when it is a node error that mentions any. */
export function locateTracerError(error: unknown, toSourcePosition: ToSourcePosition, fileName: string): unknown {
  if (!(error instanceof NodeError) || error.kind !== 'rpc') return error;
  const { message, positions } = mapNodePositions(error.message, toSourcePosition, fileName);
  return positions.length === 0 ? error : new TracerNodeError(error, message, positions, fileName);
}
