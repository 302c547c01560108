// The output folder of a range run, which may be shared with others: its manifest is read only when it is a
// regular file (never through a link) within a size bound, and every file is written as a new temporary file
// in the folder, synced, then renamed over its name, so that a chunk file or the manifest appears whole or
// not at all and a link planted at its name is replaced, never written through.
import { randomBytes, createHash } from 'node:crypto';
import { lstat, mkdir, open, readdir, rename, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { readUserFile, whyUnreadable } from '../user-file';
import { chunkFilePattern } from './chunk-plan';

export const manifestName = 'manifest.json';
/** The lock file of the run under way (folder-lock.ts). */
export const lockName = '.trace-range.lock';

/** The largest manifest read: about 80,000 chunks. */
const manifestLimit = 16 * 1024 * 1024;

/** A run's temporary file: `.NAME.PID-RANDOM.tmp` beside NAME (hidden from `*.jsonl`). */
const temporaryPattern = /^\.(?:blocks-\d+-\d+\.(?:jsonl|parquet)|manifest\.json)\.\d+-[0-9a-f]{12}\.tmp$/;

/** A file written whole or not at all: appended to, then committed (renamed over its name) or discarded. */
export class AtomicFile {
  private readonly hash = createHash('sha256');
  private bytes = 0;

  private constructor(
    private readonly handle: FileHandle,
    private readonly temporary: string,
    private readonly path: string,
  ) {}

  static async create(folder: string, name: string): Promise<AtomicFile> {
    const temporary = join(folder, `.${name}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
    // wx: O_CREAT|O_EXCL fails on anything already there, a link included.
    return new AtomicFile(await open(temporary, 'wx', 0o644), temporary, join(folder, name));
  }

  async append(content: string | Uint8Array): Promise<void> {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    this.hash.update(data);
    this.bytes += data.length;
    await this.handle.write(data);
  }

  /** Synced before the rename: after a crash the name holds the whole new file or the old one. */
  async commit(): Promise<{ bytes: number; sha256: string }> {
    try {
      await this.handle.sync();
      await this.handle.close();
      await rename(this.temporary, this.path);
    } catch (error) {
      await this.discard();
      throw error;
    }
    return { bytes: this.bytes, sha256: this.hash.digest('hex') };
  }

  async discard(): Promise<void> {
    await this.handle.close().catch(() => undefined);
    await rm(this.temporary, { force: true });
  }
}

/** Writes `text` as `name` in `folder`, whole or not at all. */
export async function writeWhole(folder: string, name: string, text: string): Promise<void> {
  const file = await AtomicFile.create(folder, name);
  try {
    await file.append(text);
  } catch (error) {
    await file.discard();
    throw error;
  }
  await file.commit();
}

/** The folder's manifest text, or undefined when it has none. Throws when it is a link, not a regular file or too large. */
export function readManifestText(folder: string): string | undefined {
  try {
    return readUserFile(join(folder, manifestName), manifestLimit, { followLink: false });
  } catch (error) {
    const why = whyUnreadable(error);
    // No folder yet (or no folder there: prepareFolder says so).
    if (why === 'ENOENT' || why === 'ENOTDIR') return undefined;
    throw new Error(`${join(folder, manifestName)}: ${why === 'ELOOP' ? 'a symbolic link, which a range run never follows' : why}`);
  }
}

/**
 * Makes `folder` where absent and removes the temporary files a killed run left in it. Without a manifest
 * the folder must hold nothing else: a range run does not mix its files with others.
 */
export async function prepareFolder(folder: string, hasManifest: boolean): Promise<void> {
  try {
    await mkdir(folder, { recursive: true });
  } catch (error) {
    throw new Error(`--out ${folder}: cannot make the folder: ${whyUnreadable(error)}`);
  }
  const names = await readdir(folder).catch((error: unknown) => {
    throw new Error(`--out ${folder}: cannot read the folder: ${whyUnreadable(error)}`);
  });
  const others = names.filter((name) => !temporaryPattern.test(name) && name !== lockName);
  if (!hasManifest && others.length > 0)
    throw new Error(`--out ${folder} is not empty and holds no ${manifestName} of a range run: give a new or empty folder`);
  await removeTemporaryFiles(folder, names);
}

/** Removes the temporary files killed writers left in `folder` (a link itself, never what it points to). */
export async function removeTemporaryFiles(folder: string, names?: string[]): Promise<void> {
  const leftovers = (names ?? (await readdir(folder))).filter((name) => temporaryPattern.test(name));
  await Promise.all(leftovers.map((name) => rm(join(folder, name), { force: true }).catch(() => undefined)));
}

/** Removes the chunk files of a run replaced (--overwrite): only names a run writes. */
export async function removeChunkFiles(folder: string): Promise<void> {
  for (const name of await readdir(folder)) if (chunkFilePattern.test(name)) await rm(join(folder, name), { force: true });
}

/** Whether `name` is still the regular file of `bytes` bytes a finished chunk wrote (not a link, not changed in size). */
export async function isWrittenChunk(folder: string, name: string, bytes: number): Promise<boolean> {
  const stats = await lstat(join(folder, name)).catch(() => undefined);
  return stats !== undefined && stats.isFile() && stats.size === bytes;
}
