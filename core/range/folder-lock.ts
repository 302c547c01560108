// One range run at a time in a folder: two at once would trace the same chunks and overwrite each other's
// manifest. A run holds the folder's lock file, created exclusively (O_CREAT|O_EXCL, which no link at its name
// passes), holding its process id and host; the next run there is refused, naming them. A lock whose run was
// killed (its process gone from this host) is stale and taken over. The folder may be shared: the lock is read
// as input, never through a link and within a small bound.
import { mkdir, open, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { readUserFile, whyUnreadable } from '../user-file';
import { lockName } from './range-folder';

interface Holder {
  pid: number;
  host: string;
  since: string;
}

function holderOf(text: string): Holder | undefined {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    if (Number.isSafeInteger(value.pid) && typeof value.host === 'string' && typeof value.since === 'string') return value as Holder;
  } catch {
    // Not a lock this version wrote: said below.
  }
  return undefined;
}

/** Whether a process of this host is running (EPERM: it is, as another user's). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function create(path: string): Promise<boolean> {
  try {
    const file = await open(path, 'wx', 0o644);
    const holder: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
    await file.writeFile(`${JSON.stringify(holder)}\n`);
    await file.close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Takes `folder`'s lock (making the folder where absent); resolves to its release. Throws, naming the run that
 * holds it, when another run does. */
export async function lockFolder(folder: string): Promise<() => Promise<void>> {
  const path = join(folder, lockName);
  try {
    await mkdir(folder, { recursive: true }).catch((error: unknown) => {
      throw new Error(`cannot make the folder: ${whyUnreadable(error)}`);
    });
    for (let attempt = 0; !(await create(path)); attempt++) {
      let text: string;
      try {
        text = readUserFile(path, 4096, { followLink: false });
      } catch (error) {
        // Gone meanwhile: its run ended.
        if (whyUnreadable(error) === 'ENOENT' && attempt === 0) continue;
        throw new Error(`its lock ${path} cannot be read (${whyUnreadable(error)}): remove it if no run is using the folder`);
      }
      const holder = holderOf(text);
      if (!holder) throw new Error(`its lock ${path} is not one this version wrote: remove it if no run is using the folder`);
      const stale = holder.host === hostname() && !running(holder.pid);
      if (!stale || attempt > 0)
        throw new Error(
          `another trace range run is using it (process ${holder.pid} on ${holder.host}, since ${holder.since}): wait for it to end or give another --out; ` +
            `if no run is using the folder, remove ${path}`,
        );
      // Its run was killed: the lock is taken over.
      await rm(path, { force: true });
    }
  } catch (error) {
    throw new Error(`--out ${folder}: ${(error as Error).message}`);
  }
  return () => rm(path, { force: true });
}
