// Whether the reference nodes (geth, avalanchego) and nginx are installed, for the real-stack tests.
// test/setup/reference-nodes.mjs builds them; only a machine without Go skips these tests.
import { existsSync, readFileSync } from 'node:fs';
import { goMissing, missingReferenceTools, setupErrorFile } from '../../setup/reference-nodes.mjs';

/** node:test's `skip`: the reason when the tools are missing and cannot be built here (no Go), else false. */
export function referenceSkip(): string | false {
  if (missingReferenceTools().length === 0) return false;
  return goMissing() ?? false;
}

/** Throws, naming what is missing and the setup's recorded failure, unless every tool is installed. */
export function requireReferenceTools(): void {
  const missing = missingReferenceTools();
  if (missing.length === 0) return;
  const failure = existsSync(setupErrorFile) ? `\nthe setup failed with: ${readFileSync(setupErrorFile, 'utf8').trim()}` : '';
  throw new Error(
    `not installed: ${missing.join(', ')}; run \`node test/setup.mjs\` (test/setup/reference-nodes.mjs builds them)${failure}`,
  );
}
