// Classified node-access errors. Each carries a kind for programs, a one-line message and an explanation
// for people. Text from the node goes in as it came, with the masker for its secrets (see shownText).
import { foreignJson, printable, shortened, shownText, type Masker } from './shown-text';

type NodeErrorKind =
  | 'unreachable'
  | 'tls'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'too-large'
  | 'rate-limited'
  | 'server'
  | 'not-json'
  | 'rpc'
  | 'timeout'
  | 'cancelled'
  | 'closed'
  | 'protocol';

export interface RpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

export class NodeError extends Error {
  readonly kind: NodeErrorKind;
  readonly explanation: string;
  readonly status?: number;
  /** Seconds to wait, from a 429's Retry-After header. */
  readonly retryAfter?: number;
  readonly rpc?: RpcErrorObject;

  constructor(
    kind: NodeErrorKind,
    message: string,
    explanation: string,
    extra: { status?: number; retryAfter?: number; rpc?: RpcErrorObject } = {},
  ) {
    super(message);
    this.name = 'NodeError';
    this.kind = kind;
    this.explanation = explanation;
    this.status = extra.status;
    this.retryAfter = extra.retryAfter;
    this.rpc = extra.rpc;
  }
}

const tlsCodes: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the server presented a self-signed certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'the certificate chain ends in a self-signed certificate that is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the certificate was not issued by a trusted authority',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'the certificate was not issued by a trusted authority',
  CERT_HAS_EXPIRED: 'the server certificate has expired',
  CERT_NOT_YET_VALID: 'the server certificate is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the certificate is for a different host name',
  ERR_SSL_WRONG_VERSION_NUMBER: 'the server did not answer with TLS (is it plain http?)',
  EPROTO: 'the TLS handshake failed',
};

const networkCodes: Record<string, string> = {
  ENOTFOUND: 'the host name does not resolve (DNS)',
  EAI_AGAIN: 'the host name could not be resolved right now (DNS)',
  ECONNREFUSED: 'the connection was refused: nothing listens on that host and port',
  ECONNRESET: 'the connection was reset by the server',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  EPIPE: 'the connection was closed while sending',
};

/** What a socket/TLS error means, in words (`reason`), and whether it is a TLS or a network failure. */
export function describeSocketError(error: unknown): { kind: 'tls' | 'unreachable'; code: string; reason: string } {
  const code = (error as { code?: string })?.code ?? '';
  const tls = tlsCodes[code] ?? (code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_') ? 'the TLS handshake failed' : undefined);
  if (tls) return { kind: 'tls', code, reason: tls };
  return { kind: 'unreachable', code, reason: networkCodes[code] ?? (error instanceof Error ? error.message : String(error)) };
}

/** Classifies a socket/TLS error from node:net, node:tls or ws. `where` names the masked URL. */
export function fromSocketError(error: unknown, where: string): NodeError {
  if (error instanceof NodeError) return error;
  const { kind, code, reason } = describeSocketError(error);
  if (kind === 'tls') {
    return new NodeError(
      'tls',
      `TLS error for ${where}: ${reason}`,
      `TLS ${code}: check the URL's host and scheme, or trust the certificate (NODE_EXTRA_CA_CERTS=ca.pem).`,
    );
  }
  if (networkCodes[code]) {
    return new NodeError(
      'unreachable',
      `cannot reach ${where}: ${reason}`,
      `Network error ${code}: check the URL, the network, and any proxy settings (HTTPS_PROXY, NO_PROXY).`,
    );
  }
  return new NodeError('unreachable', `cannot reach ${where}: ${reason}`, `The connection failed: ${reason}.`);
}

/** Parses a Retry-After header (seconds or an HTTP date) into seconds. */
function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** Classifies an HTTP status that is not a JSON-RPC answer; `body` is shown masked and shortened. */
export function fromHttpStatus(status: number, where: string, body: string, mask: Masker, retryAfterHeader?: string): NodeError {
  const text = shownText(body, mask, 200);
  const shown = text ? `: ${text}` : '';
  switch (status) {
    case 401:
      return new NodeError(
        'unauthorized',
        `HTTP 401 from ${where}${shown}`,
        'The node refused the credentials: check the username and password (or key).',
        { status },
      );
    case 403:
      return new NodeError(
        'forbidden',
        `HTTP 403 from ${where}${shown}`,
        'The node refused access: the key or account is not allowed to use this endpoint or method.',
        { status },
      );
    case 404:
      return new NodeError(
        'not-found',
        `HTTP 404 from ${where}${shown}`,
        'Nothing is served at that path: check the URL path and the access key.',
        { status },
      );
    case 413:
      return new NodeError(
        'too-large',
        `HTTP 413 from ${where}${shown}`,
        'The node refused the request as too large (a long tracer or call data?).',
        { status },
      );
    case 429: {
      const retryAfter = parseRetryAfter(retryAfterHeader);
      const wait = retryAfter === undefined ? '' : ` Retry after ${retryAfter} s.`;
      return new NodeError(
        'rate-limited',
        `HTTP 429 from ${where}: rate limited${wait ? `, retry after ${retryAfter} s` : ''}`,
        `The node's rate limit was hit.${wait}`,
        { status, retryAfter },
      );
    }
    default:
      if (status >= 500) {
        return new NodeError(
          'server',
          `HTTP ${status} from ${where}${shown}`,
          'The node or a proxy in front of it failed; try again later.',
          { status },
        );
      }
      return new NodeError(
        'protocol',
        `unexpected HTTP ${status} from ${where}${shown}`,
        'The node answered with an HTTP status a JSON-RPC endpoint does not use.',
        { status },
      );
  }
}

/** The longest error message shown whole: geth's own are a few hundred characters, revert reasons included. */
const maxMessage = 2000;

/**
 * A JSON-RPC error object in words, `message [code N] (data: …)`: masked, the data shortened. Any shape: a
 * message that is not a string shows the object instead.
 */
export function rpcErrorText(error: { code?: unknown; message?: unknown; data?: unknown }, mask: Masker): string {
  // The message keeps its spacing (geth's trace errors are read as they are) but not its length.
  const message =
    typeof error.message === 'string' ? shortened(printable(mask(error.message)), maxMessage) : shownText(foreignJson(error), mask, 200);
  const code = typeof error.code === 'number' ? ` [code ${error.code}]` : '';
  const data =
    error.data === undefined
      ? ''
      : ` (data: ${shownText(typeof error.data === 'string' ? error.data : foreignJson(error.data), mask, 300)})`;
  return `${message}${code}${data}`;
}

/** `data` of a JSON-RPC error with its secrets masked, still JSON where it was (a mask across its syntax leaves text). */
function maskedData(data: unknown, mask: Masker): unknown {
  if (data === undefined) return undefined;
  if (typeof data === 'string') return mask(data);
  const text = mask(foreignJson(data));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A JSON-RPC error object returned by the node, as it came: its texts are masked here. */
export function fromRpcError(error: RpcErrorObject, method: string, mask: Masker): NodeError {
  const rpc = { code: error.code, message: printable(mask(error.message)), data: maskedData(error.data, mask) };
  return new NodeError('rpc', `${method} failed: ${rpcErrorText(error, mask)}`, `The node answered ${method} with a JSON-RPC error.`, {
    rpc,
  });
}

export function timeoutError(where: string, ms: number, phase: 'connect' | 'overall'): NodeError {
  return new NodeError(
    'timeout',
    phase === 'connect' ? `connecting to ${where} timed out after ${ms} ms` : `no complete answer from ${where} within ${ms} ms`,
    phase === 'connect'
      ? 'The host did not accept a connection in time.'
      : 'The request took longer than the time-out; raise it (--timeout) for long traces.',
  );
}

export function cancelledError(where: string): NodeError {
  return new NodeError('cancelled', `request to ${where} cancelled`, 'The request was cancelled before the node answered.');
}

export function tooLargeError(where: string, limit: number): NodeError {
  return new NodeError(
    'too-large',
    `the answer from ${where} exceeds the ${formatBytes(limit)} response limit`,
    'The response was cut off at the limit; raise it (maxResponseBytes / --max-response) if the result is expected to be this big.',
  );
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${+(bytes / 1024 / 1024).toFixed(1)} MB`
    : bytes >= 1024
      ? `${+(bytes / 1024).toFixed(1)} KB`
      : `${bytes} bytes`;
}
