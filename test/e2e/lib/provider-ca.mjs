// The CA of the HTTPS providers the suites start (suite/avalanche.test.ts: nginx in front of avalanchego).
// The extension host must trust it from the start, as a user of a provider with a private CA would set
// NODE_EXTRA_CA_CERTS before starting VS Code: so it is made before code-server starts, and the suite
// finds its files through EVM_TRACER_E2E_PROVIDER_CA.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { missingReferenceTools } from '../../setup/reference-nodes.mjs';
import { makeTestCa, testCaIn } from '../../support/reference/test-ca.mjs';

const providerCaVariable = 'EVM_TRACER_E2E_PROVIDER_CA';

/**
 * The environment for a run in VS Code: a fresh CA in a temporary folder deleted when this process exits,
 * named in NODE_EXTRA_CA_CERTS and EVM_TRACER_E2E_PROVIDER_CA. None without the reference tools (openssl
 * among them): the suite that needs it then says why it does not run.
 */
export function providerCaEnv() {
  if (missingReferenceTools().length > 0) return {};
  const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-provider-ca-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return { NODE_EXTRA_CA_CERTS: makeTestCa(dir).caFile, [providerCaVariable]: dir };
}

/** In the extension host: the CA that providerCaEnv made for this run. */
export function providerCa() {
  const dir = process.env[providerCaVariable];
  if (!dir) {
    throw new Error(
      `${providerCaVariable} is not set: run the suites with .vscode-test.mjs (node test/e2e/run.mjs), which makes the providers' CA before code-server starts`,
    );
  }
  return testCaIn(dir);
}
