// Hostile error texts for the echo node (echo-node.ts): what a request carried (its path, query, Authorization
// header or the user:password in it) echoed with the secret in it at a chosen position, around every length at
// which foreign text is shortened for display: a secret cut there before it is masked would show its start.
import { accessKey, basicCredentials, password, queryKey } from '../access/secrets';
import type { Echo } from './echo-node';

/** One thing a server may echo, and the secret inside it. */
export interface Element {
  name: string;
  secret: string;
  text(echo: Echo): string;
}

export const elements = {
  path: { name: 'path', secret: accessKey, text: (echo: Echo) => echo.path },
  query: { name: 'query', secret: queryKey, text: (echo: Echo) => echo.query },
  authorization: { name: 'Authorization header', secret: basicCredentials, text: (echo: Echo) => `Authorization: ${echo.authorization}` },
  credentials: {
    name: 'user:password',
    secret: password,
    text: (echo: Echo) => Buffer.from(echo.authorization.replace(/^Basic /, ''), 'base64').toString('utf8'),
  },
} satisfies Record<string, Element>;

/** The lengths foreign text is shortened to for display (errors, the support check, the fork node's upstream texts). */
export const cutOffs = [80, 120, 160, 200, 300];

/** Where the secret starts: from 24 characters before each cut-off to 4 after it. */
const around = cutOffs.flatMap((limit) => Array.from({ length: 29 }, (_, i) => limit - 24 + i));

/** Raw bodies are also cut at 4 KB: a padded body has the secret there, yet at `at` once whitespace is collapsed. */
const rawCut = 4096;

/**
 * Bodies echoing `element` with its secret at each position `at` of the body as shown (whitespace collapsed):
 * filler, the echoed text, a tail. Padded, a run of spaces after the first character puts the secret across
 * the 4 KB mark of the raw body.
 */
export function bodiesAround(element: Element, padded = false, positions = around): Array<{ at: number; body(echo: Echo): string }> {
  return positions.map((at) => ({
    at,
    body(echo: Echo) {
      const text = element.text(echo);
      const offset = text.indexOf(element.secret);
      if (offset < 0)
        throw new Error(`the echoed ${element.name} '${text.replace(element.secret.slice(0, 4), '…')}' does not hold its secret`);
      const filler = at - offset;
      const lead = padded ? `e${' '.repeat(rawCut - 8 - at + 1)}${'e'.repeat(filler - 2)}` : 'e'.repeat(filler);
      return `${lead}${text} (end of the echo)`;
    },
  }));
}
