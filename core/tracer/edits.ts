// Applying and combining text edits given in offsets of the user's text.
import type { OffsetEdit, OffsetFix, TextEdit } from './diagnostic';
import { LineMap } from './positions';

/** The text with the edits applied. Edits must not overlap; insertions at one offset keep their order. */
export function applyEdits(text: string, edits: OffsetEdit[]): string {
  const ordered = edits.map((edit, index) => ({ edit, index })).sort((a, b) => a.edit.start - b.edit.start || a.index - b.index);
  let out = '';
  let at = 0;
  for (const { edit } of ordered) {
    out += text.slice(at, edit.start) + edit.newText;
    at = Math.max(at, edit.end);
  }
  return out + text.slice(at);
}

/** The first fix of each finding, combined; a fix overlapping one already taken is left out whole. */
export function combineFixes(fixes: OffsetFix[]): OffsetEdit[] {
  const taken: OffsetEdit[] = [];
  for (const fix of fixes) {
    const clashes = fix.edits.some((edit) =>
      taken.some((other) => edit.start < other.end && other.start < edit.end),
    );
    if (!clashes) taken.push(...fix.edits);
  }
  return taken;
}

export function toTextEdits(lines: LineMap, edits: OffsetEdit[]): TextEdit[] {
  return edits.map((edit) => ({ range: lines.range(edit.start, edit.end), newText: edit.newText }));
}

/** The text with LSP-range edits applied (as a client would). */
export function applyTextEdits(text: string, edits: TextEdit[]): string {
  const lines = new LineMap(text);
  return applyEdits(text, edits.map((edit) => ({ start: lines.offsetAt(edit.range.start), end: lines.offsetAt(edit.range.end), newText: edit.newText })));
}
