// A lock between processes sharing this working tree (several `npm test` may run at once): a
// directory created atomically, waited for while another process holds it, taken over when stale.
import { mkdirSync, rmSync, statSync } from 'node:fs';

const STALE_MS = 10 * 60_000;

export async function withLock(lockDir, fn) {
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_MS) rmSync(lockDir, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}
