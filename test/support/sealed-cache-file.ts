// Writes a fork cache file sealed with this install's key, as only the cache itself could (through its own
// SealedFiles): for tests of what the cache still checks in a file it wrote.
import { readFileSync } from 'node:fs';
import { SealedFiles } from '../../runtime/state/cache-files';
import { cacheKeyPath } from '../../runtime/state/cache-key';

/** `value` as JSON at `path` under the cache `root`, sealed with the key of `env` (cache-key.ts). */
export async function writeSealed(root: string, path: string, value: unknown, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const files = new SealedFiles(
    root,
    readFileSync(cacheKeyPath(env)),
    () => true,
    () => undefined,
  );
  await files.write(path, value);
}
