// Seeded, deterministic mutations of a text for fuzz tests: the damage typing does (deleted spans, stray
// quotes, brackets and line breaks, cut-off files, pasted duplicates) and random characters.

/** Numbers in [0, 1) from a 32-bit seed (Marsaglia's xorshift32): the same seed gives the same sequence. */
export function seededRandom(seed: number): () => number {
  // Spread nearby seeds apart (case numbers are consecutive); zero is xorshift's one fixed point.
  let state = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 32;
  };
}

/** Pieces of syntax that break or reopen constructs when dropped anywhere. */
const FRAGMENTS = [
  "'",
  '"',
  '`',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '\n',
  '\r\n',
  '\r',
  '/*',
  '*/',
  '//',
  '${',
  '\\',
  '/',
  ',',
  '.',
  ';',
  ':',
  '=>',
  '?.',
  'function (',
  'log.',
  'this.',
  'db.getBalance(',
  "'oops",
  '\u2028',
];

export interface Mutation {
  text: string;
  /** What was done, for the failure report. */
  steps: string[];
  /** Offsets where the text was changed (in the final text, clamped), for requests near the damage. */
  at: number[];
}

/** One to four mutations of `text`. */
export function mutate(text: string, random: () => number): Mutation {
  const int = (below: number) => Math.floor(random() * below);
  const steps: string[] = [];
  const at: number[] = [];
  let current = text;
  const rounds = 1 + int(4);
  for (let round = 0; round < rounds; round++) {
    const offset = int(current.length + 1);
    const kind = int(6);
    if (kind === 0) {
      const length = 1 + int(40);
      current = current.slice(0, offset) + current.slice(offset + length);
      steps.push(`delete ${length} at ${offset}`);
    } else if (kind === 1) {
      const fragment = FRAGMENTS[int(FRAGMENTS.length)];
      current = current.slice(0, offset) + fragment + current.slice(offset);
      steps.push(`insert ${JSON.stringify(fragment)} at ${offset}`);
    } else if (kind === 2) {
      current = current.slice(0, offset);
      steps.push(`truncate at ${offset}`);
    } else if (kind === 3) {
      const length = int(200);
      const into = int(current.length + 1);
      current = current.slice(0, into) + current.slice(offset, offset + length) + current.slice(into);
      steps.push(`copy ${length} from ${offset} to ${into}`);
    } else if (kind === 4) {
      // Any UTF-16 code unit, lone surrogates and control characters included.
      let junk = '';
      for (let n = 1 + int(8); n > 0; n--) junk += String.fromCharCode(int(4) === 0 ? int(32) : int(0x10000));
      current = current.slice(0, offset) + junk + current.slice(offset);
      steps.push(`insert ${JSON.stringify(junk)} at ${offset}`);
    } else {
      const length = 1 + int(3);
      const fragment = FRAGMENTS[int(FRAGMENTS.length)];
      current = current.slice(0, offset) + fragment + current.slice(offset + length);
      steps.push(`replace ${length} at ${offset} by ${JSON.stringify(fragment)}`);
    }
    at.push(offset);
  }
  return { text: current, steps, at: at.map((offset) => Math.min(offset, current.length)) };
}
