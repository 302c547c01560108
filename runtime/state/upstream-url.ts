// An upstream node URL split into what fetch needs (no credentials in the URL), a masked form for messages,
// and a masker for text that came back from the upstream: the URL may carry an access key in its path or
// query or a user:password, none of which may be printed, and an upstream's error text may echo them.

export interface UpstreamEndpoint {
  url: string;
  headers: Record<string, string>;
  /** For messages: scheme and host only, the path and credentials shown as ****. */
  masked: string;
  /** `text` (from the upstream) with every form of the URL's secrets replaced by ****. */
  mask(text: string): string;
}

const hidden = '****';

/** avalanchego's standard path segments and API versions (/v3/KEY): public, and too common in text to mask. */
const publicSegment = /^(ext|bc|[CXP]|rpc|ws|v\d+)$/;

/** Shorter secrets are masked only where they stand alone, so that masking does not mangle ordinary words. */
const minAnywhere = 8;

/** A URL as shown in messages: scheme and host, path and credentials as ****. */
export function maskedUrl(url: URL): string {
  const hasCredentials = url.username !== '' || url.password !== '';
  const hasPath = url.pathname !== '/' || url.search !== '';
  return `${url.protocol}//${hasCredentials ? `${hidden}@` : ''}${url.host}${hasPath ? `/${hidden}` : ''}`;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function maskerFor(url: URL): (text: string) => string {
  const anywhere = new Set<string>();
  const alone = new Set<string>();
  const add = (secret: string, always = false) => {
    for (const form of [secret, decoded(secret), encodeURIComponent(decoded(secret))]) {
      if (form !== '') (always || form.length >= minAnywhere ? anywhere : alone).add(form);
    }
  };
  if (url.pathname !== '/' || url.search !== '') add(url.pathname + url.search, true);
  for (const segment of url.pathname.split('/')) if (segment !== '' && !publicSegment.test(segment)) add(segment);
  for (const value of url.searchParams.values()) add(value);
  if (url.username !== '') add(url.username);
  if (url.password !== '') {
    add(url.password, true);
    add(Buffer.from(`${decoded(url.username)}:${decoded(url.password)}`).toString('base64'), true);
  }
  // Longest first, so a secret containing another is masked whole.
  const byLength = (a: string, b: string) => b.length - a.length;
  const everywhere = [...anywhere].sort(byLength);
  const standalone = [...alone].sort(byLength).map((secret) => new RegExp(`(?<![A-Za-z0-9_-])${escapeRegExp(secret)}(?![A-Za-z0-9_-])`, 'g'));
  return (text) => {
    let masked = text;
    for (const secret of everywhere) masked = masked.split(secret).join(hidden);
    for (const pattern of standalone) masked = masked.replace(pattern, hidden);
    return masked;
  };
}

export function upstreamEndpoint(raw: string): UpstreamEndpoint {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new Error('fork URL is not a valid URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`fork URL must be http:// or https:// (got ${parsed.protocol}//)`);
  }
  const masked = maskedUrl(parsed);
  const mask = maskerFor(parsed);
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (parsed.username !== '' || parsed.password !== '') {
    headers.Authorization = 'Basic ' + Buffer.from(`${decoded(parsed.username)}:${decoded(parsed.password)}`).toString('base64');
    parsed.username = '';
    parsed.password = '';
  }
  return { url: parsed.toString(), headers, masked, mask };
}
