// The blocks of `trace range FROM..TO`: each end a block number (decimal or 0x hex), `latest` or `latest-N`,
// resolved once against the node's head. Genesis has no transactions to trace (geth refuses to trace it).

/** One end as typed: a number, or the head minus `behind`. */
type RangeEnd = { number: number } | { behind: number };

/** Blocks as sorted runs of consecutive numbers, each [first, last], apart from each other. */
export type BlockRuns = Array<[number, number]>;

export interface TypedRange {
  /** As typed, in one spelling (`100..199`, `latest-99..latest`): what a resumed run is recognised by. */
  text: string;
  from: RangeEnd;
  to: RangeEnd;
  /** A list's blocks (--blocks FILE, block-list.ts), when not every block from..to. */
  blocks?: BlockRuns;
}

export interface BlockRange {
  from: number;
  to: number;
  blocks?: BlockRuns;
}

const rangeHelp = 'give FROM..TO, each a block number, latest or latest-N (e.g. 100..199, latest-99..latest)';

function end(text: string, which: string): RangeEnd {
  const value = text.trim().toLowerCase();
  const latest = /^latest(?:\s*-\s*(\d+))?$/.exec(value);
  const number = latest ? Number(latest[1] ?? 0) : /^(?:\d+|0x[0-9a-f]+)$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(number)) throw new Error(`${which} '${text}' is not a block number, latest or latest-N: ${rangeHelp}`);
  return latest ? { behind: number } : { number };
}

const endText = (value: RangeEnd) => ('number' in value ? String(value.number) : value.behind === 0 ? 'latest' : `latest-${value.behind}`);

export function parseBlockRange(text: string): TypedRange {
  const parts = text.split('..');
  if (parts.length !== 2) throw new Error(`'${text}' is not a block range: ${rangeHelp}`);
  const from = end(parts[0], 'FROM');
  const to = end(parts[1], 'TO');
  const canonical = `${endText(from)}..${endText(to)}`;
  if ('number' in from && 'number' in to && from.number > to.number) throw new Error(`${canonical}: FROM is after TO`);
  if ('behind' in from && 'behind' in to && from.behind < to.behind) throw new Error(`${canonical}: FROM is after TO`);
  return { text: canonical, from, to };
}

/** The block numbers of `range` on a node whose latest block is `head`; throws when they are not all there. */
export function resolveRange(range: TypedRange, head: number): BlockRange {
  const at = (value: RangeEnd, which: string) => {
    if ('number' in value) return value.number;
    if (value.behind > head) throw new Error(`${which} latest-${value.behind} is before genesis: the node's latest block is ${head}`);
    return head - value.behind;
  };
  const from = at(range.from, 'FROM');
  const to = at(range.to, 'TO');
  if (from > to) throw new Error(`FROM ${from} is after TO ${to} (the node's latest block is ${head})`);
  if (to > head) throw new Error(`block ${to} is past the node's latest block, ${head}`);
  if (from === 0) throw new Error('block 0 is genesis, which has no transactions to trace: start the range at 1');
  return range.blocks ? { from, to, blocks: range.blocks } : { from, to };
}
