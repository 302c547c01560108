// Installs the test-only tools `npm test` needs, idempotently (a second run is quick).
// Each step is a module in test/setup/ exporting `default async function (): Promise<void>`;
// list it here. Steps skip what is already installed.
const steps = ['./setup/nodes.mjs', './setup/oracle.mjs', './setup/vscode.mjs', './setup/reference-nodes.mjs'];

for (const step of steps) {
  const { default: run } = await import(step);
  await run();
}
