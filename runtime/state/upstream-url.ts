// An upstream node URL split into what fetch needs (no credentials in the URL), a masked form for messages,
// and a masker for text that came back from the upstream: the URL may carry an access key in its path or
// query or a user:password, none of which may be printed, and an upstream's error text may echo them.
import { mask as hidden, maskerOf, type Masker } from '../../core/rpc/shown-text';

export interface UpstreamEndpoint {
  url: string;
  headers: Record<string, string>;
  /** For messages: scheme and host only, the path and credentials shown as ****. */
  masked: string;
  /** Replaces every form of the URL's secrets in text from the upstream by ****. */
  mask: Masker;
}

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

/** Masks the URL's secrets: its path and query, each key-like segment and value in them, its user name and password. */
function maskerFor(url: URL): Masker {
  const anywhere: string[] = [];
  const alone: string[] = [];
  const add = (secret: string, always = false) => {
    for (const form of [secret, decoded(secret)]) (always || form.length >= minAnywhere ? anywhere : alone).push(form);
  };
  if (url.pathname !== '/' || url.search !== '') add(url.pathname + url.search, true);
  for (const segment of url.pathname.split('/')) if (segment !== '' && !publicSegment.test(segment)) add(segment);
  for (const value of url.searchParams.values()) add(value);
  if (url.username !== '') add(url.username);
  if (url.password !== '') {
    add(url.password, true);
    add(Buffer.from(`${decoded(url.username)}:${decoded(url.password)}`).toString('base64'), true);
  }
  return maskerOf(anywhere, alone);
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
