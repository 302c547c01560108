// A range run's folder read for its view: one row per transaction of the finished chunks (block, index, hash,
// status, the start of its result or error), and, when every result is counters (an object of numbers per
// key, as report/shapes.ts recognises them), their sums over the range. The folder may be shared: the
// manifest is read as core/range reads it, chunk files only as regular files (no link followed), within a
// bound, and a line that is not a range run's line is counted, never shown.
import { join } from 'node:path';
import { isHash, isRecord } from '../../core/chain/shapes';
import { parseManifest, type Manifest } from '../../core/range/manifest';
import { readManifestText } from '../../core/range/range-folder';
import { fileLimits, readUserFile, whyUnreadable } from '../../core/user-file';
import { findShapes, type CountEntry } from '../../report/shapes';
import type { RangeRow } from './range-messages';

/** Rows sent to the view at most: the sums cover every row. */
export const rowLimit = 20_000;
const previewLength = 160;

/** A transaction's line: where it is, and what it holds. */
interface RangeLine {
  blockNumber: number;
  blockHash: string;
  txIndex: number;
  txHash: string;
  outcome: { result: unknown } | { error: string };
}

interface RangeRows {
  manifest: Manifest;
  rows: RangeRow[];
  /** Rows beyond rowLimit, not listed. */
  unlisted: number;
  /** Lines that are not a range run's line, and why the first was not. */
  skipped: { count: number; first?: string };
  /** Why finished chunks could not be read (a link, not a regular file, too large): their rows are left out. */
  unread: string[];
  /** The counters summed per key, when every result is counters; else undefined. */
  totals?: CountEntry[];
}

function lineOf(text: string): RangeLine | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || !Number.isSafeInteger(value.blockNumber) || !Number.isSafeInteger(value.txIndex)) return undefined;
  if (!isHash(value.blockHash) || !isHash(value.txHash)) return undefined;
  const outcome = typeof value.error === 'string' ? { error: value.error } : 'result' in value ? { result: value.result } : undefined;
  if (!outcome) return undefined;
  return {
    blockNumber: value.blockNumber as number,
    blockHash: value.blockHash,
    txIndex: value.txIndex as number,
    txHash: value.txHash,
    outcome,
  };
}

/** A chunk file's lines as text (a link, a non-file or a file past the bound throws, saying which). */
function chunkText(folder: string, file: string): string {
  try {
    return readUserFile(join(folder, file), fileLimits.large, { followLink: false });
  } catch (error) {
    const why = whyUnreadable(error);
    throw new Error(`${file} in ${folder}: ${why === 'ELOOP' ? 'a symbolic link, which is never followed' : why}`);
  }
}

/** The counters of a result, or undefined when it is not counters. */
function counters(result: unknown): CountEntry[] | undefined {
  if (!isRecord(result)) return undefined;
  const [found] = findShapes(result, 1);
  return found?.path === '$' && found.shape.kind === 'counts' ? found.shape.entries : undefined;
}

/** Sums counters per key while every result is counters. */
class CounterSums {
  private readonly sums = new Map<string, number>();
  private all = true;

  add(result: unknown): void {
    if (!this.all) return;
    const entries = counters(result);
    if (!entries) return void (this.all = false);
    for (const { key, value } of entries) this.sums.set(key, (this.sums.get(key) ?? 0) + value);
  }

  entries(): CountEntry[] | undefined {
    if (!this.all || this.sums.size === 0) return undefined;
    return [...this.sums].map(([key, value]) => ({ key, value, text: String(value) }));
  }
}

function preview(outcome: RangeLine['outcome']): string {
  const text = 'error' in outcome ? outcome.error : (JSON.stringify(outcome.result) ?? 'undefined');
  return text.length > previewLength ? `${text.slice(0, previewLength)}…` : text;
}

/** The rows of the finished chunks of the run in `folder`, in block order. */
export function readRangeRows(folder: string): RangeRows {
  const text = readManifestText(folder);
  if (text === undefined) throw new Error(`${folder} holds no manifest.json of a range run`);
  const manifest = parseManifest(text);
  const rows: RangeRow[] = [];
  const sums = new CounterSums();
  const skipped: RangeRows['skipped'] = { count: 0 };
  const unread: string[] = [];
  let unlisted = 0;
  for (const chunk of manifest.chunks) {
    if (chunk.state !== 'done') continue;
    let text: string;
    try {
      text = chunkText(folder, chunk.file);
    } catch (error) {
      unread.push((error as Error).message);
      continue;
    }
    text.split('\n').forEach((source, line) => {
      if (source === '') return;
      const parsed = lineOf(source);
      if (!parsed || parsed.blockNumber < chunk.from || parsed.blockNumber > chunk.to) {
        skipped.count++;
        skipped.first ??= `${chunk.file} line ${line + 1} is not a transaction's line of blocks ${chunk.from}..${chunk.to}`;
        return;
      }
      if ('result' in parsed.outcome) sums.add(parsed.outcome.result);
      if (rows.length >= rowLimit) return void unlisted++;
      rows.push({
        block: parsed.blockNumber,
        index: parsed.txIndex,
        hash: parsed.txHash,
        status: 'error' in parsed.outcome ? 'error' : 'ok',
        preview: preview(parsed.outcome),
        at: { file: chunk.file, line },
      });
    });
  }
  return { manifest, rows, unlisted, skipped, unread, totals: sums.entries() };
}

/** The line a row came from, read again from its chunk file (checked to be the same transaction). */
export function readRangeLine(folder: string, row: Pick<RangeRow, 'hash' | 'at'>): RangeLine {
  const parsed = lineOf(chunkText(folder, row.at.file).split('\n')[row.at.line] ?? '');
  if (!parsed || parsed.txHash !== row.hash) throw new Error(`${row.at.file} changed since the view was drawn: open the run again`);
  return parsed;
}
