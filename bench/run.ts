// `npm run bench`: runs every bench/*.bench.ts in turn, each in its own Node process so one bench's heap
// (garbage left by the benches before it) does not skew the next one's timings. Each bench exports a
// default async function that prints its own figures.
// `npm run bench -- NAME…` runs only the benches whose file names contain one of the NAMEs.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

async function runOne(name: string): Promise<void> {
  const bench = (await import(pathToFileURL(join(process.cwd(), 'bench', name)).href)) as { default?: () => Promise<void> };
  await bench.default?.();
}

function runAll(filters: string[]): number {
  const benches = readdirSync('bench')
    .filter((name) => name.endsWith('.bench.ts'))
    .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
    .sort();
  let failed = 0;
  for (const name of benches) {
    console.log(`\n== ${name} ==`);
    const run = spawnSync(process.execPath, [...process.execArgv, process.argv[1], '--one', name], { stdio: 'inherit' });
    if (run.status !== 0) failed++;
  }
  return failed === 0 ? 0 : 1;
}

const [flag, name] = process.argv.slice(2);
if (flag === '--one' && name) {
  runOne(name).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  process.exitCode = runAll(process.argv.slice(2));
}
