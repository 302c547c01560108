// `npm run bench`: runs every bench/*.bench.ts in turn: each exports a default async function that prints
// its own figures.
// `npm run bench -- NAME…` runs only the benches whose file names contain one of the NAMEs.
import { readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

const filters = process.argv.slice(2);
const benches = readdirSync('bench')
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort();

async function main(): Promise<void> {
  for (const name of benches) {
    console.log(`\n== ${name} ==`);
    const bench = (await import(pathToFileURL(join(process.cwd(), 'bench', name)).href)) as { default?: () => Promise<void> };
    await bench.default?.();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
