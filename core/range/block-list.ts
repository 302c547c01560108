// `trace range --blocks FILE`: the blocks to trace listed in a file, one entry a line, a block number (decimal
// or 0x hex) or a range `a..b`, with `#` starting a comment; blank lines are skipped. The entries may come in
// any order and overlap: the blocks are kept sorted, each once, as runs of consecutive numbers, which is how
// the manifest records them. A run is recognised by the blocks, not by the file's name or layout.
import { createHash } from 'node:crypto';
import { readUserFile, whyUnreadable } from '../user-file';
import type { BlockRuns, TypedRange } from './block-range';
import { blockCount } from './chunk-plan';

/** A block list is a few MB at most: a million lines of numbers. */
const listLimit = 16 * 1024 * 1024;
/** Runs kept: the manifest holds them all, and is read back within its own bound (range-folder.ts). */
const mostRuns = 500_000;

const entryHelp = 'give one block number (decimal or 0x hex) or range a..b a line, # for a comment';

function number(text: string): number {
  const value = /^(?:\d+|0x[0-9a-f]+)$/i.test(text) ? Number(text) : NaN;
  return Number.isSafeInteger(value) ? value : NaN;
}

/** The blocks of `text` as sorted, merged runs; throws naming the file and line of a bad entry. */
export function parseBlockList(text: string, file: string): BlockRuns {
  const entries: Array<[number, number]> = [];
  text.split('\n').forEach((raw, index) => {
    const entry = raw.replace(/#.*/, '').trim();
    if (entry === '') return;
    const where = `${file}:${index + 1}`;
    const ends = entry.split('..').map((part) => number(part.trim()));
    if (ends.length > 2 || ends.some(Number.isNaN))
      throw new Error(`${where}: '${entry.slice(0, 80)}' is not a block number or range: ${entryHelp}`);
    const [first, last = first] = ends;
    if (first > last) throw new Error(`${where}: ${entry}: the first block is after the last`);
    if (first === 0) throw new Error(`${where}: block 0 is genesis, which has no transactions to trace`);
    entries.push([first, last]);
  });
  if (entries.length === 0) throw new Error(`${file} lists no blocks: ${entryHelp}`);
  entries.sort((a, b) => a[0] - b[0]);
  const runs: Array<[number, number]> = [];
  for (const [first, last] of entries) {
    const previous = runs.at(-1);
    if (previous && first <= previous[1] + 1) previous[1] = Math.max(previous[1], last);
    else runs.push([first, last]);
  }
  if (runs.length > mostRuns)
    throw new Error(`${file}: ${runs.length} separate runs of blocks, more than the ${mostRuns} a run records: give fewer or longer runs`);
  return runs;
}

/** The range of a block list file, named by its blocks: `list of 120 blocks 5..900 (sha256 0123456789ab)`. */
export function readBlockList(file: string): TypedRange {
  let text: string;
  try {
    text = readUserFile(file, listLimit);
  } catch (error) {
    throw new Error(`--blocks: cannot read ${file}: ${whyUnreadable(error)}`);
  }
  const blocks = parseBlockList(text, file);
  const from = blocks[0][0];
  const to = blocks.at(-1)![1];
  const count = blockCount({ from, to, blocks });
  const sha256 = createHash('sha256').update(JSON.stringify(blocks)).digest('hex');
  return {
    text: `list of ${count} block${count === 1 ? '' : 's'} ${from}..${to} (sha256 ${sha256.slice(0, 12)})`,
    from: { number: from },
    to: { number: to },
    blocks,
  };
}
