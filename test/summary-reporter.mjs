// node:test reporter that writes one closing line CI can read: "N passed, N failed, N skipped".
// Suites are not counted, only the tests inside them (a skipped suite counts as one skipped test). The counts go to test-artifacts/summary.json
// too, so test/run.mjs can add the VS Code suite's counts to one final line.
import { mkdirSync, writeFileSync } from 'node:fs';

export default async function* summary(source) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    if (event.data.details?.type === 'suite') {
      // A skipped suite's tests never run: it counts as one skipped, so the skip shows in the totals.
      if (event.data.skip) skipped++;
      continue;
    }
    if (event.data.skip || event.data.todo) skipped++;
    else if (event.type === 'test:pass') passed++;
    else failed++;
  }
  mkdirSync('test-artifacts', { recursive: true });
  writeFileSync('test-artifacts/node-tests.json', JSON.stringify({ passed, failed, skipped }));
  yield '';
}
