// A file a person named (a tracer, a genesis, a fixture, a result, a config file): read only when it is a
// regular file within a size bound, so that a FIFO never blocks the process and a device such as /dev/zero
// never fills its memory. Failures throw an Error whose message says why (the caller names the option and path).
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

/** Bounds for the kinds of file read: a tracer or a small JSON file, and chain data (genesis, fixtures, results). */
export const fileLimits = { small: 16 * 1024 * 1024, large: 256 * 1024 * 1024 };

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/**
 * The file's text (UTF-8). Throws `ENOENT`-style codes as they come, or what is wrong with the file.
 * `followLink: false` refuses a symbolic link (ELOOP), for files in folders others may write to.
 */
export function readUserFile(path: string, maxBytes: number, { followLink = true } = {}): string {
  // Non-blocking: opening a FIFO for reading would otherwise wait for a writer.
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | (followLink ? 0 : constants.O_NOFOLLOW));
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new Error(`${kindOf(stats)}, not a regular file`);
    const tooLarge = () => new Error(`larger than ${maxBytes / (1024 * 1024)} MiB, the most read`);
    if (stats.size > maxBytes) throw tooLarge();
    // The file may grow while it is read: read at most one byte past the bound.
    const buffer = Buffer.alloc(Math.min(maxBytes + 1, stats.size + 65536));
    let length = 0;
    for (let read = -1; read !== 0 && length < buffer.length; length += read)
      read = readSync(fd, buffer, length, buffer.length - length, null);
    if (length > maxBytes) throw tooLarge();
    return buffer.subarray(0, length).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** Why a file could not be read, in a word or a phrase: the system's code (ENOENT, EACCES) or what was wrong. */
export function whyUnreadable(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}
