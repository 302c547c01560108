// JSON-RPC to the fork upstream: calls made in the same tick travel as one JSON-RPC batch (falling back to
// single calls if the node refuses batches); a blocking variant serves synchronous readers. Every failure
// says what went wrong in words (refused, DNS, TLS, redirect, time-out, HTTP status, JSON-RPC error), and
// whatever text the upstream sent back is masked: an upstream may echo the key from its URL path. Each POST
// is one round trip, counted in `traffic` (with the accounts and slots its callers fetched) for progress
// and for the error of an upstream too slow to answer.
import { describeSocketError, rpcErrorText } from '../../core/rpc/errors';
import { shownText } from '../../core/rpc/shown-text';
import { boundedText, fetchFailure, postSync, type FetchFailure, type FetchReply } from './sync-fetch';
import { relayTarget } from './upstream-relay';
import { maskedUrl, upstreamEndpoint, type UpstreamEndpoint } from './upstream-url';

export interface RpcCall {
  method: string;
  params: unknown[];
}

/** What was fetched from the upstream so far: POSTs (round trips) and the state they brought. */
export interface Traffic {
  roundTrips: number;
  accounts: number;
  slots: number;
}

/** "12 accounts, 300 slots in 4 round trips". */
export function trafficText({ accounts, slots, roundTrips }: Traffic): string {
  return `${accounts} account${accounts === 1 ? '' : 's'}, ${slots} slot${slots === 1 ? '' : 's'} in ${roundTrips} round trip${roundTrips === 1 ? '' : 's'}`;
}

interface Pending extends RpcCall {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** A request to the upstream failed: the message names the upstream (masked), the method and why, and holds no
 * more of the upstream's own text than a short, masked excerpt. */
class UpstreamError extends Error {}

/** A reply that arrived but is not a usable answer (an HTTP error, not JSON, not a batch answer): a node may
 * refuse batches, or a method, this way. */
export class UpstreamBadReply extends UpstreamError {}

/** A JSON-RPC error the upstream answered one call with: the upstream works, it refuses this call. */
export class UpstreamRefusal extends UpstreamError {
  constructor(
    message: string,
    /** The upstream does not serve the method or tracer at all (code -32601 or words saying so), rather than this call failing. */
    readonly refusesMethod = false,
  ) {
    super(message);
  }
}

/** The upstream could not be reached at all (refused, DNS, reset, no answer in time): it may be down or
 * this machine offline, unlike an upstream that answered with an HTTP or JSON-RPC error. */
export class UpstreamUnreachable extends UpstreamError {
  constructor(
    message: string,
    /** Why, in words, masked. */
    readonly reason: string,
  ) {
    super(message);
  }
}

/** Whether a failed POST never reached the upstream: a time-out or a network error, not TLS or a refused port. */
function unreachable(failure: FetchFailure): boolean {
  if (failure.name === 'TimeoutError') return true;
  return failure.code !== undefined && describeSocketError({ code: failure.code }).kind === 'unreachable';
}

/** "method not found", "tracer not allowed", "debug namespace disabled" and the like: not this call's own failure. */
const methodRefusal =
  /not (found|available|supported|allowed|enabled|permitted|whitelisted)|does not exist|unsupported|disabled|forbidden|unknown (method|tracer)|premium|upgrade/i;

/** One call's answer within a batch. */
type Answer = { result: unknown } | { error: Error };

/** The longest answer taken for one call of these methods; other calls get the upstream's `maxReplyBytes`. What
 * describes the chain (its id, head, rules) is a few KB, and a padded one (a chain config of a million keys) is
 * refused rather than read; a block or transaction may be kept in the disk cache, which reads no file over 64 MiB. */
const answerLimits = new Map<string, number>([
  ...['eth_chainId', 'eth_blockNumber'].map((method) => [method, 64 * 1024] as const),
  ...['debug_chainConfig', 'eth_getChainConfig', 'eth_config', 'anvil_nodeInfo'].map((method) => [method, 1024 * 1024] as const),
  ...['eth_getBlockByNumber', 'eth_getBlockByHash', 'eth_getTransactionByHash'].map((method) => [method, 64 * 1024 * 1024] as const),
]);

/** geth's default batch limit is 1000 calls (--rpc.batch-request-limit); half of it stays clear of providers' lower ones. */
const maxBatch = 500;

export class Upstream {
  readonly endpoint: UpstreamEndpoint;
  /** Where requests are posted: the upstream, or the node's paced relay to it (upstream-relay.ts). */
  private readonly target: { url: string; headers: Record<string, string> };
  readonly traffic: Traffic = { roundTrips: 0, accounts: 0, slots: 0 };
  /** Told after each round trip (progress displays). */
  onTraffic?: (traffic: Traffic) => void;
  private queue: Pending[] = [];

  constructor(
    url: string,
    /** How long one POST may take. */
    private readonly timeoutMs = 60_000,
    /** The longest answer taken: a block's pre-state is tens of MB at most. */
    private readonly maxReplyBytes = 256 * 1024 * 1024,
  ) {
    this.endpoint = upstreamEndpoint(url);
    this.target = relayTarget() ?? this.endpoint;
  }

  request(method: string, params: unknown[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (this.queue.length === 0) setImmediate(() => this.flush());
      this.queue.push({ method, params, resolve, reject });
    });
  }

  /** Blocking: for synchronous readers only (the tracer's db in the trace worker). */
  requestSync(calls: RpcCall[]): unknown[] {
    const body = JSON.stringify(calls.map((call, id) => ({ jsonrpc: '2.0', id, ...call })));
    // A synchronous read is one account or slot: a tighter bound suits the trace worker's smaller heap.
    const reply = postSync(this.target.url, this.target.headers, body, this.timeoutMs, Math.min(this.replyLimit(calls), 16 * 1024 * 1024));
    return this.unpack(calls, this.counted(reply)).map(settled);
  }

  /** An error met in using this upstream's answers, as one of its own failures: it names the upstream, and any
   * text of the answer it quotes (which may echo the key) is masked, then shortened. Its own are so already. */
  blame(error: unknown): UpstreamError {
    if (error instanceof UpstreamError) return error;
    const text = shownText(error instanceof Error ? error.message : String(error), this.endpoint.mask, 600);
    return new UpstreamError(`fork upstream ${this.endpoint.masked}: ${text}`);
  }

  /** Counts an answered POST (a failed one fetched nothing). */
  private counted(reply: FetchReply): FetchReply {
    if ('failure' in reply) return reply;
    this.traffic.roundTrips++;
    this.onTraffic?.(this.traffic);
    return reply;
  }

  /** The longest reply to a batch of `calls`: the sum of their answers' limits. */
  private replyLimit(calls: RpcCall[]): number {
    let limit = 0;
    for (const { method } of calls) limit += answerLimits.get(method) ?? this.maxReplyBytes;
    return Math.min(limit, this.maxReplyBytes);
  }

  private failure(method: string, reason: string, Kind: new (message: string) => Error = UpstreamError): Error {
    return new Kind(`fork upstream ${this.endpoint.masked}: ${method} failed: ${this.endpoint.mask(reason)}`);
  }

  private async flush() {
    const calls = this.queue;
    this.queue = [];
    for (let start = 0; start < calls.length; start += maxBatch) void this.send(calls.slice(start, start + maxBatch));
  }

  private async post(calls: RpcCall[]): Promise<FetchReply> {
    const body = JSON.stringify(calls.map(({ method, params }, id) => ({ jsonrpc: '2.0', id, method, params })));
    // A timer that keeps the process alive, unlike AbortSignal.timeout's: fetch can be left pending with nothing
    // to wait on (a server closing each connection at once), and a node starting up would then exit silently.
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException('the upstream did not answer in time', 'TimeoutError')),
      this.timeoutMs,
    );
    try {
      const response = await fetch(this.target.url, {
        method: 'POST',
        headers: this.target.headers,
        body,
        redirect: 'manual',
        signal: controller.signal,
      });
      return this.counted({
        status: response.status,
        text: await boundedText(response, this.replyLimit(calls)),
        location: response.headers.get('location') ?? undefined,
      });
    } catch (error) {
      return { failure: fetchFailure(error) };
    } finally {
      clearTimeout(timer);
    }
  }

  private async send(calls: Pending[]) {
    try {
      let answers: Answer[];
      try {
        answers = this.unpack(calls, await this.post(calls));
      } catch (error) {
        if (calls.length === 1 || !(error instanceof UpstreamBadReply)) throw error;
        // Some nodes refuse batches: ask one by one.
        answers = await Promise.all(calls.map((call) => this.single(call)));
      }
      calls.forEach((call, index) => {
        const answer = answers[index];
        if ('error' in answer) call.reject(answer.error);
        else call.resolve(answer.result);
      });
    } catch (error) {
      for (const call of calls) call.reject(error as Error);
    }
  }

  private async single(call: RpcCall): Promise<Answer> {
    try {
      return this.unpack([call], await this.post([call]))[0];
    } catch (error) {
      return { error: error as Error };
    }
  }

  /** Answers in call order, a JSON-RPC error as that call's; throws on a failed POST, HTTP errors, non-JSON or a missing answer. */
  private unpack(calls: RpcCall[], reply: FetchReply): Answer[] {
    const method = calls[0].method;
    if ('failure' in reply) {
      const reason = this.describe(reply.failure);
      const error = this.failure(method, reason);
      throw unreachable(reply.failure) ? new UpstreamUnreachable(error.message, this.endpoint.mask(reason)) : error;
    }
    const { status, text, location } = reply;
    if (status >= 300 && status < 400) {
      const target = location === undefined ? 'elsewhere' : `to ${maskedUrl(new URL(location, this.endpoint.url))}`;
      throw this.failure(method, `the upstream redirects (HTTP ${status}) ${target}: give the URL it redirects to`);
    }
    if (status < 200 || status >= 300) {
      const body = shownText(text, this.endpoint.mask, 200);
      throw this.failure(method, `HTTP ${status}${body ? `: ${body}` : ''}`, UpstreamBadReply);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw this.failure(method, `the answer is not JSON: ${shownText(text, this.endpoint.mask, 80)}`, UpstreamBadReply);
    }
    if (!Array.isArray(parsed)) throw this.failure(method, 'the node did not answer the batch with an array', UpstreamBadReply);
    const byId = new Map(
      parsed.map((item: { id?: unknown }) => [
        item?.id,
        item as { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } },
      ]),
    );
    return calls.map((call, id) => {
      const item = byId.get(id);
      if (!item) throw this.failure(call.method, 'no answer', UpstreamBadReply);
      if (item.error) {
        const refusesMethod =
          item.error.code === -32601 || (typeof item.error.message === 'string' && methodRefusal.test(item.error.message));
        return {
          error: new UpstreamRefusal(this.failure(call.method, rpcErrorText(item.error, this.endpoint.mask)).message, refusesMethod),
        };
      }
      return { result: item.result };
    });
  }

  /** A failed POST in words: time-out, refused, DNS, TLS, or what fetch said. */
  private describe(failure: FetchFailure): string {
    if (failure.name === 'TimeoutError')
      return `no answer within ${this.timeoutMs / 1000} s (timed out; fetched so far: ${trafficText(this.traffic)})`;
    if (failure.cause === 'bad port')
      return `fetch refuses to connect to port ${new URL(this.endpoint.url).port} (one of the Fetch standard's "bad ports"): use another port`;
    if (failure.code) {
      const { kind, reason } = describeSocketError(Object.assign(new Error(failure.cause ?? failure.message), { code: failure.code }));
      return kind === 'tls' ? `TLS error: ${reason}` : reason;
    }
    return failure.cause ?? failure.message;
  }
}

function settled(answer: Answer): unknown {
  if ('error' in answer) throw answer.error;
  return answer.result;
}
