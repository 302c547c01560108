// `comment`: providers reject comments in the tracer string; flatten removes them.
import type { Comment } from 'acorn';
import type { OffsetEdit } from '../diagnostic';
import { removeWholeLinesEdit } from '../edits';
import { lineEndAfter, lineStartBefore } from '../positions';
import type { Rule } from '../rule';

export const commentRule: Rule = {
  code: 'comment',
  defaultSeverity: 'warning',
  providerOnly: true,
  description: 'A comment (flatten removes it). Off by default at ES2017 (plain geth takes comments).',
  check(tracer, report) {
    for (const comment of tracer.comments) {
      report({
        start: comment.start,
        end: comment.end,
        message: 'Comment: providers reject comments in the tracer; flatten removes it.',
        fixes: [{ title: 'Remove the comment', edits: [removeCommentEdit(tracer.text, comment)], preferred: true }],
      });
    }
  },
};

/** Removes a comment without changing what the code means: a comment alone on its lines goes with its line
 * break; a block comment holding a line break leaves one (it ends statements for ASI); one between two
 * tokens leaves a space. */
function removeCommentEdit(text: string, comment: Comment): OffsetEdit {
  const lineStart = lineStartBefore(text, comment.start);
  const lineEnd = lineEndAfter(text, comment.end);
  const before = text.slice(lineStart, comment.start);
  const after = text.slice(comment.end, lineEnd);
  const wholeLines = removeWholeLinesEdit(text, comment.start, comment.end);
  if (wholeLines) return wholeLines;
  if (comment.type === 'Line') return { start: lineStart + before.trimEnd().length, end: comment.end, newText: '' };
  if (/[\r\n\u2028\u2029]/.test(comment.value)) return { start: lineStart + before.trimEnd().length, end: comment.end, newText: '\n' };
  // First on its line, before code: the space after it goes too; last on its line: the space before it.
  if (before.trim() === '') return { start: comment.start, end: comment.end + (after.length - after.trimStart().length), newText: '' };
  if (after.trim() === '') return { start: lineStart + before.trimEnd().length, end: comment.end, newText: '' };
  const joins = /\S/.test(text[comment.start - 1] ?? ' ') && /\S/.test(text[comment.end] ?? ' ');
  return { start: comment.start, end: comment.end, newText: joins ? ' ' : '' };
}
