// What the HTTP and WebSocket transports share: their settings and the one call they offer the client.
import { isIP } from 'node:net';
import type { ProxyEnv } from './proxy';
import type { Masker } from './shown-text';

export interface TransportSettings {
  /** The URL dialled (may hold the key: never shown; use `where`). */
  url: string;
  /** The URL as shown in messages, secrets masked. */
  where: string;
  /** `Authorization` header (Basic auth), if any. */
  authorization?: string;
  connectTimeoutMs: number;
  maxResponseBytes: number;
  /** Extra trusted certificate authorities (PEM), e.g. a test server's self-signed certificate. */
  ca?: string;
  proxyEnv: ProxyEnv;
  /** Masks the endpoint's secrets in text from the node. */
  mask: Masker;
  log(line: string): void;
}

export interface Transport {
  /**
   * Sends one encoded request and resolves with the `result` of the answer with that id, or rejects with
   * a NodeError. On abort it rejects with `signal.reason` (the client's time-out or cancellation error).
   */
  send(id: number, method: string, body: string, signal: AbortSignal): Promise<unknown>;
  close(): Promise<void>;
}

/** SNI name for a host: none for an IP address (TLS forbids it). */
export function tlsServerName(hostname: string): string | undefined {
  return isIP(hostname.replace(/^\[|\]$/g, '')) ? undefined : hostname;
}
