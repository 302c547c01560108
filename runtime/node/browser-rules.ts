// What the node accepts from web browsers: like geth's --http.vhosts, --http.corsdomain and --ws.origins, but
// stricter, because a request here can run tracer code. A page can send text/plain POSTs and open WebSockets
// to any port without asking, so requests carrying an Origin that is not allowed are refused before anything
// is read, POST bodies must be declared JSON (which a page cannot do cross-origin without a preflight), and the
// Host header must name this machine (DNS rebinding: a page's own host name resolving to 127.0.0.1).
// Clients without an Origin header (CLI, extension, curl) are not browsers and pass the Origin checks.
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

export interface BrowserRules {
  /** Origins (`scheme://host[:port]`, lower case) whose pages may call the node; `*` allows every page. */
  cors: string[];
  /** Host names the Host header may name besides `localhost` and IP addresses; `*` allows any. */
  vhosts: string[];
}

export interface Refusal {
  status: 403 | 415;
  /** geth's answer text where geth has the rule. */
  body: string;
  /** One line for the node's log: what was refused and why (header values only, never the path). */
  reason: string;
}

const jsonTypes = ['application/json', 'application/json-rpc', 'application/jsonrequest'];
/** geth's --ws.origins default, without the machine's host name (on a network it may name another machine). */
const localPageHosts = ['localhost'];

/** A header value fit for one log line: printable ASCII only, bounded length. */
function shown(value: string): string {
  const clean = value.replace(/[^\x20-\x7e]/g, '?');
  return clean.length > 200 ? clean.slice(0, 200) + '…' : clean;
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** geth's rule: an empty Host or an IP address is served; a host name (port ignored, any case) must be listed. */
function hostRefusal(request: IncomingMessage, rules: BrowserRules): Refusal | undefined {
  const host = (header(request, 'host') ?? '').trim();
  if (host === '') return undefined;
  const name = (host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/:\d*$/, '')).toLowerCase();
  if (isIP(name) !== 0 || name === 'localhost' || rules.vhosts.includes('*') || rules.vhosts.includes(name)) return undefined;
  return { status: 403, body: 'invalid host specified', reason: `Host ${shown(host)} not allowed (allow it with --vhosts)` };
}

function listed(origin: string, rules: BrowserRules): boolean {
  return rules.cors.includes('*') || rules.cors.includes(origin.toLowerCase());
}

function originRefusal(origin: string): Refusal {
  return {
    status: 403,
    body: `origin ${shown(origin)} not allowed: start the node with --cors ORIGIN to let a web page call it`,
    reason: `Origin ${shown(origin)} not allowed (allow it with --cors)`,
  };
}

/** HTTP requests (POST, preflights): the Host, and an Origin must be one of --cors. */
export function httpRefusal(request: IncomingMessage, rules: BrowserRules): Refusal | undefined {
  const origin = header(request, 'origin');
  return hostRefusal(request, rules) ?? (origin === undefined || listed(origin, rules) ? undefined : originRefusal(origin));
}

function asUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** A page on http://localhost (any port) may open a WebSocket without --cors, as geth's default allows. */
function localPage(origin: string): boolean {
  const url = asUrl(origin);
  return url?.protocol === 'http:' && localPageHosts.includes(url.hostname);
}

/** WebSocket upgrades: the Host, and an Origin must be one of --cors or a page on http://localhost. */
export function upgradeRefusal(request: IncomingMessage, rules: BrowserRules): Refusal | undefined {
  const origin = header(request, 'origin');
  return (
    hostRefusal(request, rules) ?? (origin === undefined || listed(origin, rules) || localPage(origin) ? undefined : originRefusal(origin))
  );
}

/** geth's accepted media types (parameters such as charset ignored); anything else, or none, is refused. */
export function contentTypeRefusal(request: IncomingMessage): Refusal | undefined {
  const type = header(request, 'content-type');
  if (type !== undefined && jsonTypes.includes(type.split(';')[0].trim().toLowerCase())) return undefined;
  return {
    status: 415,
    body: 'invalid content type, only application/json is supported',
    reason: `Content-Type ${type === undefined ? '(none)' : shown(type)} is not application/json`,
  };
}

/** Headers letting an allowed page read the answer (none for requests without Origin). */
export function corsHeaders(request: IncomingMessage): Record<string, string> {
  const origin = header(request, 'origin');
  return origin === undefined ? {} : { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
}

/** The answer to an allowed page's preflight: POST with the headers our clients send. */
export function preflightHeaders(request: IncomingMessage): Record<string, string> {
  return {
    ...corsHeaders(request),
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type, Authorization',
    'Access-Control-Max-Age': '600',
  };
}

/** `--cors` list: `*` or origins like https://example.com (normalised as browsers send them). */
export function parseCorsOrigins(text: string): string[] {
  return text.split(',').map((item) => {
    const entry = item.trim();
    if (entry === '*') return entry;
    const url = asUrl(entry);
    if (!url || url.origin === 'null' || url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
      throw new Error(`--cors: '${entry}' is not an origin like https://example.com or http://localhost:3000 (scheme, host and port only)`);
    }
    return url.origin;
  });
}

/** `--vhosts` list: `*` or host names (without port). */
export function parseHostNames(text: string): string[] {
  return text.split(',').map((item) => {
    const entry = item.trim().toLowerCase();
    if (entry !== '*' && !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(entry)) {
      throw new Error(`--vhosts: '${item.trim()}' is not a host name like example.local (no scheme, no port)`);
    }
    return entry;
  });
}

/** Warnings for settings that open the node to every page (or every host name). */
export function wildcardWarnings(rules: BrowserRules): string[] {
  const warnings: string[] = [];
  if (rules.cors.includes('*'))
    warnings.push('warning: --cors * lets every web page you open call this node, which runs tracer code on request');
  if (rules.vhosts.includes('*'))
    warnings.push('warning: --vhosts * accepts any Host header, which lets pages reach this node through DNS rebinding');
  return warnings;
}
