// Asking a node again after a failure that may pass: rate limits (HTTP 429, waiting as Retry-After says),
// server errors (HTTP 5xx), time-outs and dropped connections, also when the local fork node passes its
// upstream's on (its `fork upstream URL: METHOD failed: …` error, runtime/state/upstream.ts). Anything else
// (a JSON-RPC error of the node, an answer that is not what was asked) fails at once.
import { NodeError } from '../rpc/errors';

/** The local fork node's texts for an upstream failure that may pass. */
const passingUpstreamFailure = /^fork upstream \S+: \S+ failed: (?:HTTP (?:429|5\d\d)\b|no answer within|the connection was reset)/;

function mayPass(error: unknown): boolean {
  if (!(error instanceof NodeError)) return false;
  if (error.kind === 'rpc') return passingUpstreamFailure.test(error.rpc?.message ?? '');
  return ['rate-limited', 'server', 'timeout', 'unreachable', 'closed'].includes(error.kind);
}

interface RetryOptions {
  /** Attempts in all (the first included). */
  attempts: number;
  /** The first wait; each next one doubles. */
  baseDelayMs: number;
  signal?: AbortSignal;
}

/** The longest wait, whatever a Retry-After says. */
const maxDelayMs = 60_000;

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => (clearTimeout(timer), reject(signal!.reason));
    const timer = setTimeout(() => (signal?.removeEventListener('abort', done), resolve()), ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** `work()` until it succeeds, fails for good, or has failed `attempts` times (then with the last failure). */
export async function withRetries<T>(work: () => Promise<T>, { attempts, baseDelayMs, signal }: RetryOptions): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !mayPass(error) || signal?.aborted) throw error;
      const retryAfter = error instanceof NodeError && error.retryAfter !== undefined ? error.retryAfter * 1000 : 0;
      // Jitter, so that jobs rate-limited together do not come back together.
      const backoff = baseDelayMs * 2 ** (attempt - 1) * (0.75 + Math.random() / 2);
      await pause(Math.min(maxDelayMs, Math.max(retryAfter, backoff)), signal);
    }
  }
}

/** Attempts per block when the node fails in a way that may pass, the first wait doubling from 0.5 s. */
export const blockRetry = { attempts: 4, baseDelayMs: 500 };

/** A failure as a range run records and shows it: a node error's kind and message, any other error's message;
 * masked. */
export const shownFailure = (mask: (text: string) => string) => (error: unknown) =>
  mask(error instanceof NodeError ? `${error.kind}: ${error.message}` : error instanceof Error ? error.message : String(error));
