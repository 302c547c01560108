// Secrets used by the node-access tests, and the check that none of them leaked into text.
import assert from 'node:assert/strict';

export const accessKey = 'k3y-S3cr3t-5b1f0c27';
export const password = 'pa55-W0rd-e9d4a6';

export function assertNoSecret(text: string, where: string): void {
  const secrets = [accessKey, password, Buffer.from(`alice:${password}`).toString('base64')];
  const leaked = secrets.filter((secret) => text.includes(secret));
  // The failure message itself must not print the secret either.
  const shown = secrets.reduce((masked, secret) => masked.split(secret).join('<SECRET>'), text.slice(0, 300));
  assert.equal(leaked.length, 0, `${where} contains a secret: ${shown}`);
}
