// An endpoint: where a node is and how to authenticate to it. Builds the URLs actually dialled (the
// access key as a path segment, avalanchego's standard paths) and masks every secret for display.
import { maskerOf, type Masker } from './shown-text';

export type EndpointAuth = { kind: 'none' } | { kind: 'key'; key: string } | { kind: 'basic'; username: string; password: string };

export interface Endpoint {
  name: string;
  /** C-Chain URL without the access key (http(s):// or ws(s)://). */
  url: string;
  /** X-Chain URL without the access key; a bare host means https on the default port. */
  xChainUrl?: string;
  auth: EndpointAuth;
  /** The chain id `eth_chainId` must report; undefined accepts any. */
  expectedChainId?: number;
}

/** C-Chain ids by network name, as accepted for an endpoint's expected network. */
const networks: Record<string, number> = { mainnet: 43114, fuji: 43113, local: 43112 };

/** avalanchego's standard chain paths. */
const avalanchePaths = { cChainRpc: '/ext/bc/C/rpc', cChainWs: '/ext/bc/C/ws', xChain: '/ext/bc/X' } as const;

/** Parses a network name ('mainnet', 'fuji', 'local'), a chain id ('43114', '0xa86a'), or 'any'. */
export function parseNetwork(text: string): number | undefined {
  const value = text.trim().toLowerCase();
  if (value === 'any' || value === '') return undefined;
  if (value in networks) return networks[value];
  const id = /^0x[0-9a-f]+$/.test(value) ? parseInt(value, 16) : /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new Error(`unknown network '${text}': use mainnet (43114), fuji (43113), local (43112), a chain id, or any`);
  }
  return id;
}

/** Adds `https://` to a bare host (as the X-Chain client library does: https, default port). */
function withScheme(text: string): URL {
  const trimmed = text.trim();
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed);
  let url: URL;
  try {
    url = new URL(hasScheme ? trimmed : `https://${trimmed}`);
  } catch {
    throw new Error(`'${trimmed}' is not a valid URL or host name`);
  }
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) {
    throw new Error(`unsupported URL scheme '${url.protocol}' (use https, wss, http or ws)`);
  }
  return url;
}

function isBase(url: URL): boolean {
  return url.pathname === '/' || url.pathname === '';
}

/**
 * The C-Chain URL for what the user typed. A bare host or a provider base (https/wss with no path)
 * gets avalanchego's standard path; http/ws URLs (local dev nodes serve JSON-RPC at `/`) stay as given.
 */
export function cChainUrl(text: string): string {
  const url = withScheme(text);
  if (isBase(url) && (url.protocol === 'https:' || url.protocol === 'wss:')) {
    url.pathname = url.protocol === 'wss:' ? avalanchePaths.cChainWs : avalanchePaths.cChainRpc;
  }
  return url.toString();
}

/** The X-Chain URL for what the user typed: a bare host or base gets https (or as given) and `/ext/bc/X`. */
export function xChainUrl(text: string): string {
  const url = withScheme(text);
  if (url.protocol === 'ws:' || url.protocol === 'wss:') {
    throw new Error(`the X-Chain is reached over http(s), not '${url.protocol}'`);
  }
  if (isBase(url)) url.pathname = avalanchePaths.xChain;
  return url.toString();
}

/** The X-Chain URL on the same host as a C-Chain URL (avalanchego serves both). */
export function xChainUrlFromCChain(cUrl: string): string {
  const url = new URL(postUrl(cUrl));
  url.pathname = avalanchePaths.xChain;
  url.search = '';
  return url.toString();
}

/**
 * The HTTP(S) JSON-RPC URL of the node a ws(s) URL reaches (avalanchego serves `/ext/bc/C/rpc` beside
 * `/ext/bc/C/ws`; other nodes serve both at one path): for clients that only POST, such as fork mode.
 */
export function postUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'ws:' && parsed.protocol !== 'wss:') return url;
  parsed.protocol = parsed.protocol === 'wss:' ? 'https:' : 'http:';
  if (parsed.pathname.endsWith(avalanchePaths.cChainWs))
    parsed.pathname = parsed.pathname.slice(0, -avalanchePaths.cChainWs.length) + avalanchePaths.cChainRpc;
  return parsed.toString();
}

/**
 * Splits credentials out of a URL the user typed: `user:pass@host` becomes Basic auth and a key segment
 * in front of `/ext/bc/...` becomes key auth, so that both are masked everywhere afterwards. A `{key}`
 * placeholder stays, readable.
 */
export function splitCredentials(text: string): { url: string; auth?: EndpointAuth } {
  const url = withScheme(text);
  let auth: EndpointAuth | undefined;
  if (url.username) {
    auth = { kind: 'basic', username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
    url.username = '';
    url.password = '';
  }
  const keyed = /^\/([^/]+)(\/ext\/.*)$/.exec(url.pathname);
  // `{key}` says where the stored key goes: no key itself.
  if (keyed && !auth && !keyPlaceholder.test(keyed[1])) {
    auth = { kind: 'key', key: decodeURIComponent(keyed[1]) };
    url.pathname = keyed[2];
  }
  return { url: url.toString().replace(/%7Bkey%7D/gi, '{key}'), auth };
}

/** Where a URL says the access key goes: a `{key}` path segment (as typed, or as URL parsing encodes it). */
const keyPlaceholder = /^(?:\{key\}|%7Bkey%7D)$/i;

/**
 * The URL actually dialled. The access key goes where the URL's `{key}` segment is; a URL that already has
 * the key as a path segment is used as given; otherwise the key is inserted as the first path segment
 * (avalanchego's provider layout, https://host/KEY/ext/bc/C/rpc).
 */
export function dialUrl(url: string, auth: EndpointAuth): string {
  if (auth.kind !== 'key') return url;
  const parsed = new URL(url);
  const segments = parsed.pathname.split('/');
  const encoded = encodeURIComponent(auth.key);
  const placeholder = segments.findIndex((segment) => keyPlaceholder.test(segment));
  if (placeholder >= 0) {
    segments[placeholder] = encoded;
    parsed.pathname = segments.join('/');
    return parsed.toString();
  }
  if (segments.some((segment) => segment === encoded || safeDecode(segment) === auth.key)) return url;
  parsed.pathname = `/${encoded}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  return parsed.toString();
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The `Authorization` header value for Basic auth, if any. */
export function authorizationHeader(auth: EndpointAuth): string | undefined {
  if (auth.kind !== 'basic') return undefined;
  return `Basic ${Buffer.from(`${auth.username}:${auth.password}`, 'utf8').toString('base64')}`;
}

/** avalanchego's path segments, API versions and placeholders: public, never taken for a key. */
const publicSegment = /^(?:ext|bc|[CXP]|rpc|ws|v\d+|\{key\}|%7Bkey%7D)$/i;

/**
 * Path segments and query values of a URL that look like an access key someone pasted into it without
 * declaring it (--key, keyEnv): 16 or more URL-safe characters mixing letters and digits, as provider keys
 * are (hex or base62 tokens), or any value of a key-like query parameter. Declared keys are masked
 * whatever they look like.
 */
export function keysInUrl(url: string | undefined): string[] {
  if (!url) return [];
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const looksLikeKey = (text: string) => text.length >= 16 && /\d/.test(text) && /[A-Za-z]/.test(text) && !publicSegment.test(text);
  const found = parsed.pathname.split('/').map(safeDecode).filter(looksLikeKey);
  for (const [name, value] of parsed.searchParams) {
    if (/key|token|secret|auth/i.test(name) || looksLikeKey(value)) found.push(value);
  }
  return found.filter((value) => value.length > 0);
}

/** What an endpoint's secrets are read from. */
type WithSecrets = Pick<Endpoint, 'auth'> & Partial<Pick<Endpoint, 'url' | 'xChainUrl'>>;

/** The endpoint's secrets: its key, or its password and Basic credentials, and any key pasted into its URLs. */
function secretsOf(endpoint: WithSecrets): string[] {
  const { auth } = endpoint;
  const declared =
    auth.kind === 'key' ? [auth.key] : auth.kind === 'basic' ? [auth.password, authorizationHeader(auth)!.slice('Basic '.length)] : [];
  return [...declared, ...keysInUrl(endpoint.url), ...keysInUrl(endpoint.xChainUrl)];
}

/** Masks the endpoint's key and password, in every form, and any key pasted into its URLs. */
export function endpointMasker(endpoint: WithSecrets): Masker {
  return maskerOf(secretsOf(endpoint));
}

/** `text` with the endpoint's key and password, and any key pasted into its URLs, replaced by `****`. */
export function maskSecrets(text: string, endpoint: WithSecrets): string {
  return endpointMasker(endpoint)(text);
}

// The endpoint's C-Chain URL as shown to people, the key masked (https://host/MASK/ext/bc/C/rpc).
export function displayUrl(endpoint: Endpoint, url = endpoint.url): string {
  return maskSecrets(dialUrl(url, endpoint.auth), endpoint);
}

/**
 * `url` carrying every credential of `auth`: a key in its path (as dialUrl) or Basic credentials as
 * user:password, the form fork mode reads. Secret: hand it to a child process in its environment, never
 * on its command line.
 */
export function credentialedUrl(url: string, auth: EndpointAuth): string {
  if (auth.kind !== 'basic') return dialUrl(url, auth);
  const parsed = new URL(url);
  // The setters percent-encode what a user name or password may not hold as is.
  parsed.username = auth.username;
  parsed.password = auth.password;
  return parsed.toString();
}
