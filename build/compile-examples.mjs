// Compiles examples/contracts/*.sol (the seeded example chain's contracts) with solc from npm and writes
// runtime/devchain/seed/example-contracts.json: ABI, creation bytecode and selectors per contract. Run it after
// changing a contract (`node build/compile-examples.mjs`); the build and the node read only the JSON, so
// neither needs a compiler. A test compiles again and compares.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const sourceDir = 'examples/contracts';
export const outputFile = 'runtime/devchain/seed/example-contracts.json';

/** Petersburg: no PUSH0/CHAINID/BASEFEE, so the examples run on every --hardfork with CREATE2 and STATICCALL. */
const settings = {
  evmVersion: 'petersburg',
  optimizer: { enabled: true, runs: 200 },
  // No metadata hash: the bytecode then changes only when the code does.
  metadata: { bytecodeHash: 'none' },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.methodIdentifiers'] } },
};

export function compileExamples() {
  const solc = createRequire(import.meta.url)('solc');
  const sources = {};
  for (const file of readdirSync(root + sourceDir)
    .filter((name) => name.endsWith('.sol'))
    .sort()) {
    sources[`${sourceDir}/${file}`] = { content: readFileSync(`${root}${sourceDir}/${file}`, 'utf8') };
  }
  const output = JSON.parse(solc.compile(JSON.stringify({ language: 'Solidity', sources, settings })));
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length) throw new Error(errors.map((error) => error.formattedMessage).join('\n'));
  const contracts = {};
  for (const [source, byName] of Object.entries(output.contracts)) {
    for (const [name, contract] of Object.entries(byName)) {
      contracts[name] = {
        source,
        abi: contract.abi,
        bytecode: '0x' + contract.evm.bytecode.object,
        selectors: contract.evm.methodIdentifiers,
      };
    }
  }
  return { compiler: `solc ${solc.version()}`, settings: { evmVersion: settings.evmVersion, optimizer: settings.optimizer }, contracts };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(root + outputFile, JSON.stringify(compileExamples(), null, 2) + '\n');
  console.log(`wrote ${outputFile}`);
}
