// What `trace range` shows while it runs. On a terminal: one line, redrawn at most ten times a second, with
// blocks done of all, transactions, errors, blocks a second, requests to the node and time left; other lines
// (a failed chunk, a note) are printed above it. Elsewhere (a pipe, a file, CI): one line per chunk.
import type { BlockLines } from '../core/range/block-lines';
import { plural } from '../core/range/run-chunks';

interface ProgressCounts {
  /** Blocks traced, those of chunks done before this run included, and blocks in all. */
  blocks: number;
  totalBlocks: number;
  transactions: number;
  /** Transactions whose entry is an error, and chunks failed. */
  errors: number;
  /** Requests sent to the node so far. */
  requests: number;
  /** Blocks traced by this run, and for how long it has run. */
  tracedNow: number;
  elapsedMs: number;
}

function timeText(seconds: number): string {
  const s = Math.ceil(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** `blocks 120/1000 (12%) · 3456 transactions · 2 errors · 12.3 blocks/s · 789 requests · 1m12s left`. */
export function progressLine(counts: ProgressCounts): string {
  const { blocks, totalBlocks, tracedNow, elapsedMs } = counts;
  const rate = elapsedMs > 0 ? (tracedNow * 1000) / elapsedMs : 0;
  const left = rate > 0 ? timeText((totalBlocks - blocks) / rate) : '?';
  return [
    `blocks ${blocks}/${totalBlocks} (${Math.floor((blocks * 100) / Math.max(1, totalBlocks))}%)`,
    plural(counts.transactions, 'transaction'),
    plural(counts.errors, 'error'),
    `${rate.toFixed(1)} blocks/s`,
    plural(counts.requests, 'request'),
    blocks === totalBlocks ? 'done' : `${left} left`,
  ].join(' · ');
}

interface RangeProgress {
  /** A block traced. */
  block(lines: BlockLines): void;
  /** A chunk traced: its line, shown only where there is no redrawn line. */
  chunkDone(line: string): void;
  /** A line to keep (a failure, a note). */
  note(line: string, error?: boolean): void;
  /** Before the summary or an error: the redrawn line is drawn a last time and left (once). */
  end(): void;
}

export function rangeProgress(
  stream: NodeJS.WriteStream,
  start: { blocks: number; totalBlocks: number; transactions: number; errors: number },
  requests: () => number,
): RangeProgress {
  if (!stream.isTTY)
    return { block() {}, chunkDone: (line) => stream.write(`${line}\n`), note: (line) => stream.write(`${line}\n`), end() {} };
  const counts = { ...start, requests: 0, tracedNow: 0, elapsedMs: 0 };
  const began = Date.now();
  let shownAt = 0;
  let shown = false;
  const draw = () => {
    shownAt = Date.now();
    shown = true;
    counts.elapsedMs = shownAt - began;
    counts.requests = requests();
    // Cut to the terminal's width: a wrapped line could not be redrawn in place.
    stream.write(`\r\x1b[K${progressLine(counts).slice(0, Math.max(20, (stream.columns || 80) - 1))}`);
  };
  const clear = () => shown && stream.write('\r\x1b[K');
  return {
    block(lines) {
      counts.blocks++;
      counts.tracedNow++;
      counts.transactions += lines.transactions;
      counts.errors += lines.errors;
      if (Date.now() - shownAt >= 100) draw();
    },
    chunkDone() {},
    note(line, error) {
      if (error) counts.errors++;
      clear();
      stream.write(`${line}\n`);
      draw();
    },
    end() {
      if (!shown) return;
      draw();
      stream.write('\n');
      shown = false;
    },
  };
}
