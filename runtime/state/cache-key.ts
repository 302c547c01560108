// The fork cache's key: 32 random bytes made once per user of this machine, which name each upstream's folder
// (a keyed hash of its whole URL, credentials included) and seal each file (cache-files.ts). It lives outside
// the cache folder, which --cache-dir may point anywhere (a shared, copied or planted folder): a cache that
// this install did not write verifies nothing, and whoever can read the cache folder still cannot tell which
// URL a folder is for. Made exclusively (two first starts at once agree on one key), 0600, in a folder of this
// user's (0700), never through a link.
import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { link, lstat, open, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { madeFolder, ownerRefusal } from './cache-files';

const keyBytes = 32;

/** $XDG_STATE_HOME/evm-tracer/fork-cache.key, else ~/.local/state/evm-tracer/fork-cache.key. */
export function cacheKeyPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_STATE_HOME || join(homedir(), '.local', 'state'), 'evm-tracer', 'fork-cache.key');
}

/** The key at `path`, or undefined when there is none yet; throws why what is there is not one. */
async function readKey(path: string): Promise<Buffer | undefined> {
  let info: Stats;
  try {
    info = await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const refusal = info.isSymbolicLink()
    ? 'it is a symbolic link'
    : !info.isFile() || info.size !== keyBytes
      ? `it is not a file of ${keyBytes} bytes`
      : ownerRefusal(info, 0o077, 'other users can read it');
  if (refusal) throw new Error(`${path}: ${refusal}`);
  const file = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  try {
    const { bytesRead, buffer } = await file.read(Buffer.alloc(keyBytes), 0, keyBytes, 0);
    if (bytesRead !== keyBytes) throw new Error(`${path}: it is not a file of ${keyBytes} bytes`);
    return buffer;
  } finally {
    await file.close();
  }
}

/** The install's key at `path` (cacheKeyPath), made if there is none; throws why it cannot be used. */
export async function cacheKey(path: string): Promise<Buffer> {
  const refusal = await madeFolder(dirname(path));
  if (refusal) throw new Error(`${dirname(path)}: ${refusal}`);
  const found = await readKey(path);
  if (found) return found;
  // Written whole under a name of its own, then linked to `path`, which fails if another process made the
  // key meanwhile: that one is read then.
  const temp = `${path}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, randomBytes(keyBytes), { flag: 'wx', mode: 0o600 });
    await link(temp, path).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(temp, { force: true });
  }
  const made = await readKey(path);
  if (!made) throw new Error(`${path}: it was removed as it was made`);
  return made;
}
