// Access rules like a hosted endpoint: an access key as the first path segment, and/or HTTP Basic
// credentials. The same check guards HTTP POSTs and WebSocket upgrades. Secrets are compared in constant
// time and never echoed.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export interface AuthOptions {
  key?: string;
  basic?: { username: string; password: string };
}

type AuthVerdict = { ok: true } | { ok: false; status: 401 | 404; headers: Record<string, string>; message: string };

const digest = (text: string) => new Uint8Array(createHash('sha256').update(text).digest());
export const sameSecret = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/** Paths served: `/`, `/ext/bc/C/rpc`, `/ext/bc/C/ws`, all behind `/KEY` when a key is set. */
function pathAllowed(path: string, key: string | undefined): boolean {
  const served = ['', '/', '/ext/bc/C/rpc', '/ext/bc/C/ws'];
  if (key === undefined) return served.includes(path);
  const segment = path.split('/')[1] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return false;
  }
  return sameSecret(decoded, key) && served.includes(path.slice(1 + segment.length));
}

function basicMatches(header: string | undefined, expected: { username: string; password: string }): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1], 'base64').toString('utf8');
  return sameSecret(given, `${expected.username}:${expected.password}`);
}

export function checkAccess(request: IncomingMessage, options: AuthOptions): AuthVerdict {
  const path = (request.url ?? '/').split('?')[0];
  if (!pathAllowed(path, options.key)) return { ok: false, status: 404, headers: {}, message: 'not found' };
  if (options.basic && !basicMatches(request.headers.authorization, options.basic)) {
    return {
      ok: false,
      status: 401,
      headers: { 'WWW-Authenticate': 'Basic realm="evm-tracer node", charset="UTF-8"' },
      message: 'unauthorized: missing or wrong Basic credentials',
    };
  }
  return { ok: true };
}
