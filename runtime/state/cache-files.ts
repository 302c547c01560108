// The fork cache's folders and files on disk (fork-cache.ts). The cache folder is input that someone else may
// have shaped (a link planted, a file changed or moved, a folder of another user), so:
// - No link is followed anywhere: folders are checked with lstat (a real folder, this user's, not writable by
//   every user) and made 0700; files are read only when lstat and the opened file agree they are regular files
//   (O_NOFOLLOW, O_NONBLOCK), and written whole to a new temporary file (O_EXCL) renamed over the name, which
//   replaces a link there instead of writing through it.
// - Every file is sealed with the install's key (cache-key.ts): an HMAC over its place in the cache and its
//   text. A file this install did not write there (planted, altered, corrupted, moved from another upstream's
//   folder) is ignored as if absent, with a warning, and fetched again.
// - Nothing that holds the upstream URL's secrets is written (an upstream may echo its key in an answer).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { lstat, lutimes, mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { relative, sep } from 'node:path';

/** A file larger than this is not read (nothing this cache writes comes near it). */
const maxFileBytes = 64 * 1024 * 1024;

/** Says what the cache refused or ignored: one line, naming paths of the cache only (no secret is in them). */
export type Warn = (line: string) => void;

const code = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);

/** Why a file or folder this user must own is not fit (another user's, or with a `forbidden` mode bit, which
 * `why` says), or undefined. */
export function ownerRefusal(info: Stats, forbidden: number, why: string): string | undefined {
  const uid = process.getuid?.();
  // Windows has neither owners nor mode bits to check: links are still refused.
  if (uid === undefined) return undefined;
  if (info.uid !== uid) return `it belongs to another user (uid ${info.uid})`;
  return (info.mode & forbidden) === 0 ? undefined : why;
}

/** Why `path` cannot be a folder of the cache (a link, not a folder, another user's, writable by every user),
 * or undefined when it is one or is absent. */
export async function folderRefusal(path: string): Promise<string | undefined> {
  let info: Stats;
  try {
    info = await lstat(path);
  } catch (error) {
    return code(error) === 'ENOENT' ? undefined : `it cannot be read (${code(error)})`;
  }
  if (info.isSymbolicLink()) return 'it is a symbolic link, and the fork cache follows none';
  if (!info.isDirectory()) return 'it is not a folder';
  return ownerRefusal(info, 0o002, 'every user can write in it');
}

/** Makes the folder `path` (0700) where absent, then checks it (folderRefusal). */
export async function madeFolder(path: string): Promise<string | undefined> {
  // Recursive: no error for a folder already there. What is there is checked, not followed into.
  const made = await mkdir(path, { recursive: true, mode: 0o700 }).then(
    () => undefined,
    (error: unknown) => `it cannot be made (${code(error)})`,
  );
  return (await folderRefusal(path)) ?? made;
}

/** A regular file's text, undefined when absent, or why it is not read (a link, not a regular file, too large). */
async function readRegular(path: string): Promise<{ text: string } | { refused: string } | undefined> {
  let info: Stats;
  try {
    info = await lstat(path);
  } catch {
    return undefined;
  }
  if (info.isSymbolicLink()) return { refused: 'a symbolic link' };
  if (!info.isFile()) return { refused: 'not a regular file' };
  if (info.size > maxFileBytes) return { refused: 'too large' };
  try {
    // Should the file become a FIFO or a link after lstat, these flags keep open from blocking or following it.
    const file = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    try {
      const opened = await file.stat();
      if (!opened.isFile() || opened.size > maxFileBytes) return { refused: 'not a regular file' };
      return { text: await file.readFile({ encoding: 'utf8' }) };
    } finally {
      await file.close();
    }
  } catch {
    return undefined;
  }
}

/** Writes `text` whole or not at all: a new temporary file in the same folder, renamed over `path`. */
async function writeAtomically(path: string, text: string): Promise<void> {
  const temp = `${path}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  try {
    // wx: O_CREAT|O_EXCL, which fails on anything already there, a link included.
    await writeFile(temp, text, { flag: 'wx', mode: 0o600 });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** A sealed file: `{"mac":"<HMAC, hex>","value":<the JSON text sealed>}`, still JSON to read. */
const sealedHead = /^\{"mac":"([0-9a-f]{64})","value":/;

/** The files of one cache root, sealed with the install's key. */
export class SealedFiles {
  private readonly warned = new Set<string>();

  /** `keeps(text)`: whether `text` may be written (false when it holds a secret of the upstream's URL). */
  constructor(
    readonly root: string,
    private readonly key: Buffer,
    private readonly keeps: (text: string) => boolean,
    private readonly warn: Warn,
  ) {}

  /** A name that stands for `text` (an upstream's URL with its credentials) and shows nothing of it. */
  nameOf(text: string): string {
    return createHmac('sha256', this.key).update(`name\n${text}`).digest('hex').slice(0, 24);
  }

  /** The MAC of `text` at `path`: the place is in it, so a file moved to another folder or name is not valid. */
  private mac(path: string, text: string): Buffer {
    const place = relative(this.root, path).split(sep).join('/');
    return createHmac('sha256', this.key).update(`file\n${place}\n`).update(text).digest();
  }

  /** Each warning once: a file read again and again is not named again. */
  private once(line: string): void {
    if (this.warned.has(line)) return;
    this.warned.add(line);
    this.warn(line);
  }

  /** The value this install wrote at `path`, or undefined: absent, not a regular file, or changed since. */
  async read(path: string): Promise<unknown> {
    const read = await readRegular(path);
    if (read === undefined) return undefined;
    if ('refused' in read) {
      this.once(`fork cache: ignored ${path}: it is ${read.refused}`);
      return undefined;
    }
    const head = sealedHead.exec(read.text);
    const text = read.text.slice(head?.[0].length ?? 0, -1);
    if (!head || !read.text.endsWith('}') || !timingSafeEqual(Buffer.from(head[1], 'hex'), this.mac(path, text))) {
      this.once(`fork cache: ignored ${path}: it is not as this install wrote it (changed, corrupted or moved)`);
      return undefined;
    }
    try {
      const value = JSON.parse(text) as unknown;
      // Least recently used goes first: a read counts as use (lutimes: the file itself, never a link's target).
      const now = new Date();
      await lutimes(path, now, now).catch(() => undefined);
      return value;
    } catch {
      return undefined;
    }
  }

  /** Writes `value` sealed at `path` (whole or not at all); the bytes written, 0 when it holds a secret. */
  async write(path: string, value: unknown): Promise<number> {
    const text = JSON.stringify(value);
    if (!this.keeps(text)) {
      this.once(`fork cache: not keeping ${path}: the upstream's answer holds a secret of its URL`);
      return 0;
    }
    const sealed = `{"mac":"${this.mac(path, text).toString('hex')}","value":${text}}`;
    await writeAtomically(path, sealed);
    return sealed.length;
  }

  /** Makes the folder `path` where absent; false, with a warning, when it is refused (folderRefusal). */
  async folder(path: string): Promise<boolean> {
    const refusal = await madeFolder(path);
    if (refusal) this.once(`fork cache: not using ${path}: ${refusal}; what this upstream answers is not kept on disk`);
    return refusal === undefined;
  }
}
