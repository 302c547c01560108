// How far apart two names are, for "did you mean" suggestions (hook names, API members).

/** Optimal string alignment distance (edits, with adjacent transpositions), capped: returns > max early.
 * Keeps only the three rows the recurrence reads (it runs for every member of large tracers). */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0); // row i - 2
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j); // row i - 1
  let row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, before[j - 2] + 1);
      row[j] = best;
    }
    const spare = before;
    before = previous;
    previous = row;
    row = spare;
  }
  return previous[b.length];
}
