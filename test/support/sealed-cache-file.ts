// Writes a fork cache file sealed with this install's key (runtime/state/cache-files.ts), as only the cache
// itself could: for tests of what the cache still checks in a file it wrote itself.
import { createHmac } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { cacheKeyPath } from '../../runtime/state/cache-key';

/** `text` (JSON) at `path` under the cache `root`, sealed with the key of `env` (cache-key.ts). */
export function writeSealed(root: string, path: string, text: string, env: NodeJS.ProcessEnv = process.env): void {
  const place = relative(root, path).split(sep).join('/');
  const mac = createHmac('sha256', readFileSync(cacheKeyPath(env)))
    .update(`file\n${place}\n`)
    .update(text)
    .digest('hex');
  writeFileSync(path, `{"mac":"${mac}","value":${text}}`);
}
