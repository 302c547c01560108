// Finds the bundled report script and stylesheet (built by esbuild.mjs into dist/): next to the running
// bundle (dist/cli.js, dist/extension.js) or, when run from source, in the project's dist/.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ReportAssets {
  script: string;
  style: string;
}

let cached: ReportAssets | undefined;

export function reportAssets(): ReportAssets {
  if (cached) return cached;
  const dir = [__dirname, join(__dirname, '..', 'dist')].find((candidate) => existsSync(join(candidate, 'report.js')));
  if (!dir) throw new Error(`the report script is not built: run 'node esbuild.mjs' (looked for report.js in ${__dirname} and ../dist)`);
  // Source-map comments would point a reader's devtools at files the report does not carry.
  const read = (name: string) =>
    readFileSync(join(dir, name), 'utf8').replace(/\n(\/\/# sourceMappingURL=\S+|\/\*# sourceMappingURL=\S+ \*\/)\s*$/, '\n');
  cached = { script: read('report.js'), style: read('report.css') };
  return cached;
}
