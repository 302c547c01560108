// Proxies from the standard environment variables (HTTPS_PROXY, HTTP_PROXY, NO_PROXY, lower case too).
// Node 20's fetch ignores them, so the transports dial through the proxy themselves: an https or wss target
// through an HTTP CONNECT tunnel, a plain http target by sending the absolute URL to the proxy.
import { request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';
import { NodeError } from './errors';

export type ProxyEnv = Record<string, string | undefined>;

function envValue(env: ProxyEnv, name: string): string | undefined {
  return env[name] ?? env[name.toLowerCase()] ?? undefined;
}

function defaultPort(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' || url.protocol === 'wss:' ? 443 : 80;
}

/** Does a NO_PROXY entry (`host`, `.domain`, `*.domain`, `host:port`, `*`) cover the target? */
function bypassed(target: URL, noProxy: string | undefined): boolean {
  if (!noProxy) return false;
  const host = target.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = defaultPort(target);
  return noProxy
    .split(/[\s,]+/)
    .filter(Boolean)
    .some((entry) => {
      if (entry === '*') return true;
      const [name, entryPort] = entry.toLowerCase().split(/:(?=\d+$)/);
      if (entryPort && Number(entryPort) !== port) return false;
      const domain = name.replace(/^\*?\./, '');
      return host === domain || host.endsWith(`.${domain}`);
    });
}

/** The proxy URL to use for `target`, or undefined to connect directly. */
export function proxyFor(target: URL, env: ProxyEnv = process.env): URL | undefined {
  const secure = target.protocol === 'https:' || target.protocol === 'wss:';
  const value = secure ? (envValue(env, 'HTTPS_PROXY') ?? envValue(env, 'HTTP_PROXY')) : envValue(env, 'HTTP_PROXY');
  if (!value || bypassed(target, envValue(env, 'NO_PROXY'))) return undefined;
  try {
    return new URL(/^[a-z]+:\/\//i.test(value) ? value : `http://${value}`);
  } catch {
    throw new NodeError(
      'unreachable',
      'the proxy setting (HTTPS_PROXY/HTTP_PROXY) is not a valid URL',
      'Fix or unset the proxy environment variable.',
    );
  }
}

/** `Proxy-Authorization` for credentials given in the proxy URL. */
export function proxyAuthorization(proxy: URL): string | undefined {
  if (!proxy.username) return undefined;
  const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  return `Basic ${Buffer.from(credentials).toString('base64')}`;
}

/** The proxy as shown to people (no credentials). */
function proxyDisplay(proxy: URL): string {
  return `${proxy.protocol}//${proxy.host}`;
}

/** Opens a CONNECT tunnel through `proxy` to the target's host and port; the socket carries the TLS next. */
export function openTunnel(proxy: URL, target: URL, signal: AbortSignal): Promise<Socket> {
  const authority = `${target.hostname}:${defaultPort(target)}`;
  const auth = proxyAuthorization(proxy);
  return new Promise((resolve, reject) => {
    const connect = httpRequest({
      host: proxy.hostname,
      port: defaultPort(proxy),
      method: 'CONNECT',
      path: authority,
      headers: { host: authority, ...(auth ? { 'proxy-authorization': auth } : {}) },
      signal,
    });
    connect.once('connect', (response, socket) => {
      if (response.statusCode === 200) return resolve(socket);
      socket.destroy();
      reject(
        new NodeError(
          'unreachable',
          `the proxy ${proxyDisplay(proxy)} refused to tunnel to ${target.host}: HTTP ${response.statusCode}`,
          'Check the proxy settings (HTTPS_PROXY, NO_PROXY) and the proxy credentials.',
        ),
      );
    });
    connect.once('error', reject);
    connect.end();
  });
}
