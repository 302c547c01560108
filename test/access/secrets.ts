// Secrets used by the node-access tests, and the checks that none of them, nor any start of one, leaked into text.
import assert from 'node:assert/strict';

export const accessKey = 'k3y-S3cr3t-5b1f0c27';
export const password = 'pa55-W0rd-e9d4a6';
/** A key in a URL's query (`?apikey=`), as some providers take it. */
export const queryKey = 'q7-T0ken-8c2e4f19ab';
/** The Basic credentials `alice:password` as sent in the Authorization header. */
export const basicCredentials = Buffer.from(`alice:${password}`).toString('base64');

/** `text` with every secret replaced, for failure messages (which must not print one either). */
function hidden(text: string, secrets: string[]): string {
  return secrets.reduce((masked, secret) => masked.split(secret).join('<SECRET>'), text);
}

export function assertNoSecret(text: string, where: string): void {
  const secrets = [accessKey, password, basicCredentials];
  const leaked = secrets.filter((secret) => text.includes(secret));
  assert.equal(leaked.length, 0, `${where} contains a secret: ${hidden(text.slice(0, 300), secrets)}`);
}

/**
 * No start of a secret either, as a text cut before masking would show: 4 characters of a key or password;
 * 12 of the Basic credentials (the first 8 only encode `alice:`).
 */
export function assertNoSecretStart(text: string, where: string): void {
  const starts = [...[accessKey, password, queryKey].map((secret) => secret.slice(0, 4)), basicCredentials.slice(0, 12)];
  const leaked = starts.filter((start) => text.includes(start));
  assert.equal(
    leaked.length,
    0,
    `${where} shows the start of a secret (${leaked.map((start) => `${start.slice(0, 2)}…`).join(', ')}): ${hidden(text, starts)}`,
  );
}
