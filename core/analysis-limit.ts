// The largest document the language server analyses. Up to this size every request answers well within
// 500 ms: measured on a 2-core machine shared with other builds, the slowest request on texts made to be
// slow (an unterminated template, a comment opened on every line, 30,000 members on one line, one hook of
// 3,500 lines) took 70-230 ms of CPU at 128 KB, and up to 390 ms at 256 KB. A larger document gets one
// diagnostic saying so, and every other feature answers it at once without parsing. `evm-tracer lint` and
// `evm-tracer flatten` read files of any size.

/** In UTF-8 bytes, as the file's size on disk. */
export const MAX_ANALYSED_BYTES = 128 * 1024;

/** Why the editor does not lint (diagnostics) or flatten a document of `bytes`, and what to run instead. */
export function tooLargeMessage(bytes: number, command: 'lint' | 'flatten'): string {
  const what = command === 'lint' ? 'analyse' : 'flatten in the editor';
  return `Too large to ${what} (${bytes} bytes, limit ${MAX_ANALYSED_BYTES}); ${command} it with evm-tracer ${command}.`;
}
