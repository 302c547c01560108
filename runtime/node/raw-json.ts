// Serialising responses in which some values are already JSON text (the tracer results the trace worker
// serialised the way geth does): those are spliced in verbatim, never parsed and re-serialised. A long
// result (a struct log) arrives as UTF-8 parts and stays in them: the answer is a list of pieces, never one
// giant string.
import { goJson } from '../tracer/host/result-json';

export class RawJson {
  constructor(readonly text: string | readonly Uint8Array[]) {}
}

/** A response's text: strings and byte parts, in order. */
export class Answer {
  readonly bytes: number;

  constructor(readonly pieces: readonly (string | Uint8Array)[]) {
    this.bytes = pieces.reduce((sum, piece) => sum + (typeof piece === 'string' ? Buffer.byteLength(piece) : piece.length), 0);
  }

  /** `[a,b,...]` of several answers (a batch). */
  static list(answers: Answer[]): Answer {
    return new Answer(['[', ...answers.flatMap((answer, at) => (at === 0 ? answer.pieces : [',', ...answer.pieces])), ']']);
  }
}

function write(value: unknown, out: (string | Uint8Array)[]): void {
  if (value instanceof RawJson) {
    if (typeof value.text === 'string') out.push(value.text);
    else out.push(...value.text);
  } else if (Array.isArray(value)) {
    out.push('[');
    value.forEach((member, at) => {
      if (at > 0) out.push(',');
      write(member, out);
    });
    out.push(']');
  } else if (typeof value === 'object' && value !== null && !(value instanceof Uint8Array)) {
    const members = Object.entries(value).filter(([, member]) => member !== undefined);
    out.push('{');
    members.forEach(([key, member], at) => {
      out.push((at > 0 ? ',' : '') + goJson(key) + ':');
      write(member, out);
    });
    out.push('}');
  } else {
    out.push(goJson(value));
  }
}

export function serialiseAnswer(value: unknown): Answer {
  const out: (string | Uint8Array)[] = [];
  write(value, out);
  // Neighbouring strings joined: the writers send a piece at a time.
  const pieces: (string | Uint8Array)[] = [];
  for (const piece of out) {
    const last = pieces.length - 1;
    if (typeof piece === 'string' && typeof pieces[last] === 'string') pieces[last] += piece;
    else pieces.push(piece);
  }
  return new Answer(pieces);
}
