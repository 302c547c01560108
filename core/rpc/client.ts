// The JSON-RPC client for one endpoint: picks the transport by URL scheme, numbers requests, and applies
// the overall time-out and the caller's cancellation. Every message it produces is masked.
import { timerDelay } from '../trace/duration';
import { authorizationHeader, dialUrl, displayUrl, endpointMasker, type Endpoint } from './endpoint';
import { encodeRequest, type RpcParams } from './envelope';
import { cancelledError, timeoutError } from './errors';
import { createHttpTransport } from './http-transport';
import { shownText } from './shown-text';
import type { ProxyEnv } from './proxy';
import type { Transport, TransportSettings } from './transport';
import { createWsTransport } from './ws-transport';

export interface RpcClientOptions {
  /** Overall time-out of one request, connecting included (default 120 s: traces can be slow; at most ~24.8 days). */
  timeoutMs?: number;
  /** Time-out for the TCP/TLS connection or WebSocket handshake (default 10 s). */
  connectTimeoutMs?: number;
  /** Largest answer accepted, in bytes (default 32 MB). */
  maxResponseBytes?: number;
  /** Receives one masked line per request and answer. */
  log?: (line: string) => void;
  /** Extra trusted certificate authorities (PEM). */
  ca?: string;
  /** Where proxy variables are read (default process.env). */
  proxyEnv?: ProxyEnv;
  /** Which C-Chain or X-Chain URL of the endpoint to talk to (default the C-Chain `url`). */
  url?: string;
}

export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface RpcClient {
  /** The URL as shown to people (secrets masked). */
  readonly where: string;
  request<T>(method: string, params: RpcParams, options?: RequestOptions): Promise<T>;
  /** Text from this node (an answer that is not what was asked) as shown to people: masked, then at most `limit` characters. */
  shown(foreign: string, limit: number): string;
  close(): Promise<void>;
}

const defaultTimeoutMs = 120_000;
const defaultMaxResponseBytes = 32 * 1024 * 1024;

export function createRpcClient(endpoint: Endpoint, options: RpcClientOptions = {}): RpcClient {
  const url = options.url ?? endpoint.url;
  const mask = endpointMasker(endpoint);
  const settings: TransportSettings = {
    url: dialUrl(url, endpoint.auth),
    where: displayUrl(endpoint, url),
    authorization: authorizationHeader(endpoint.auth),
    connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    maxResponseBytes: options.maxResponseBytes ?? defaultMaxResponseBytes,
    ca: options.ca,
    proxyEnv: options.proxyEnv ?? process.env,
    mask,
    log: (line) => options.log?.(mask(line)),
  };
  const protocol = new URL(url).protocol;
  const transport: Transport = protocol === 'ws:' || protocol === 'wss:' ? createWsTransport(settings) : createHttpTransport(settings);
  let nextId = 1;

  return {
    where: settings.where,
    async request<T>(method: string, params: RpcParams, requestOptions: RequestOptions = {}): Promise<T> {
      const id = nextId++;
      const timeoutMs = timerDelay(requestOptions.timeoutMs ?? options.timeoutMs ?? defaultTimeoutMs);
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(timeoutError(settings.where, timeoutMs, 'overall')), timeoutMs);
      const outer = requestOptions.signal;
      const onCancel = () => controller.abort(cancelledError(settings.where));
      if (outer?.aborted) onCancel();
      outer?.addEventListener('abort', onCancel, { once: true });
      try {
        if (controller.signal.aborted) throw controller.signal.reason;
        return (await transport.send(id, method, encodeRequest(id, method, params), controller.signal)) as T;
      } finally {
        clearTimeout(timer);
        outer?.removeEventListener('abort', onCancel);
      }
    },
    shown: (foreign, limit) => shownText(foreign, mask, limit),
    close: () => transport.close(),
  };
}
