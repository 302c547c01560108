// Applying and combining text edits given in offsets of the user's text.
import type { OffsetEdit, OffsetFix, TextEdit } from './diagnostic';
import { lineEndAfter, lineStartBefore, LineMap } from './positions';

/** The text with the edits applied. Edits must not overlap; insertions at one offset keep their order. */
function applyEdits(text: string, edits: OffsetEdit[]): string {
  const ordered = edits.map((edit, index) => ({ edit, index })).sort((a, b) => a.edit.start - b.edit.start || a.index - b.index);
  let out = '';
  let at = 0;
  for (const { edit } of ordered) {
    out += text.slice(at, edit.start) + edit.newText;
    at = Math.max(at, edit.end);
  }
  return out + text.slice(at);
}

/** The first fix of each finding, combined; a fix overlapping one already taken is left out whole. A fix's
 * own edits do not overlap (as in any text edit). */
export function combineFixes(fixes: OffsetFix[]): OffsetEdit[] {
  const taken: OffsetEdit[] = [];
  // The same edits by (start, end): as they do not overlap, their ends then rise too, so the one taken
  // edit that can overlap a new one is the last starting before the new one ends (a binary search, not a
  // scan of every edit taken: "fix all" on thousands of findings).
  const sorted: OffsetEdit[] = [];
  const before = (start: number, end: number): number => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (sorted[mid].start < start || (sorted[mid].start === start && sorted[mid].end <= end)) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  const clashes = (edit: OffsetEdit): boolean => {
    const last = before(edit.end - 1, Infinity) - 1; // the last edit starting before edit.end
    return last >= 0 && edit.start < sorted[last].end;
  };
  for (const fix of fixes) {
    if (fix.edits.some(clashes)) continue;
    for (const edit of fix.edits) sorted.splice(before(edit.start, edit.end), 0, edit);
    taken.push(...fix.edits);
  }
  return taken;
}

export function toTextEdits(lines: LineMap, edits: OffsetEdit[]): TextEdit[] {
  return edits.map((edit) => ({ range: lines.range(edit.start, edit.end), newText: edit.newText }));
}

/** The text with LSP-range edits applied (as a client would). */
export function applyTextEdits(text: string, edits: TextEdit[]): string {
  const lines = new LineMap(text);
  return applyEdits(
    text,
    edits.map((edit) => ({ start: lines.offsetAt(edit.range.start), end: lines.offsetAt(edit.range.end), newText: edit.newText })),
  );
}

/** Removes [start, end) with its lines and their line break when nothing else is on those lines. */
export function removeWholeLinesEdit(text: string, start: number, end: number): OffsetEdit | undefined {
  const lineStart = lineStartBefore(text, start);
  const lineEnd = lineEndAfter(text, end);
  if (text.slice(lineStart, start).trim() !== '' || text.slice(end, lineEnd).trim() !== '') return undefined;
  const breakLength = text.startsWith('\r\n', lineEnd) ? 2 : lineEnd < text.length ? 1 : 0;
  return { start: lineStart, end: lineEnd + breakLength, newText: '' };
}
