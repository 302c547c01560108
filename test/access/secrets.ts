// Secrets used by the node-access tests, and the check that none of them leaked into text.
import assert from 'node:assert/strict';

export const accessKey = 'k3y-S3cr3t-5b1f0c27';
export const password = 'pa55-W0rd-e9d4a6';

export function assertNoSecret(text: string, where: string): void {
  for (const secret of [accessKey, password, Buffer.from(`alice:${password}`).toString('base64')]) {
    assert.ok(!text.includes(secret), `${where} contains a secret: ${text.slice(0, 300)}`);
  }
}
