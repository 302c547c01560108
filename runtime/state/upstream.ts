// JSON-RPC to the fork upstream: calls made in the same tick travel as one JSON-RPC batch (falling back to
// single calls if the node refuses batches); a blocking variant serves synchronous readers. Every failure
// says what went wrong in words (refused, DNS, TLS, redirect, time-out, HTTP status, JSON-RPC error), and
// whatever text the upstream sent back is masked: an upstream may echo the key from its URL path.
import { describeSocketError, rpcErrorText } from '../../core/rpc/errors';
import { shownText } from '../../core/rpc/shown-text';
import { fetchFailure, postSync, type FetchFailure, type FetchReply } from './sync-fetch';
import { maskedUrl, upstreamEndpoint, type UpstreamEndpoint } from './upstream-url';

export interface RpcCall {
  method: string;
  params: unknown[];
}

interface Pending extends RpcCall {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** A reply that arrived but is not a usable batch answer (a node may refuse batches this way). */
class BadReply extends Error {}

const maxBatch = 100;

export class Upstream {
  readonly endpoint: UpstreamEndpoint;
  private queue: Pending[] = [];

  constructor(
    url: string,
    /** How long one POST may take. */
    private readonly timeoutMs = 60_000,
  ) {
    this.endpoint = upstreamEndpoint(url);
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
    return this.unpack(calls, postSync(this.endpoint.url, this.endpoint.headers, body, this.timeoutMs));
  }

  private failure(method: string, reason: string, Kind: new (message: string) => Error = Error): Error {
    return new Kind(`fork upstream ${this.endpoint.masked}: ${method} failed: ${this.endpoint.mask(reason)}`);
  }

  private async flush() {
    const calls = this.queue;
    this.queue = [];
    for (let start = 0; start < calls.length; start += maxBatch) void this.send(calls.slice(start, start + maxBatch));
  }

  private async post(body: string): Promise<FetchReply> {
    try {
      const response = await fetch(this.endpoint.url, { method: 'POST', headers: this.endpoint.headers, body, redirect: 'manual', signal: AbortSignal.timeout(this.timeoutMs) });
      return { status: response.status, text: await response.text(), location: response.headers.get('location') ?? undefined };
    } catch (error) {
      return { failure: fetchFailure(error) };
    }
  }

  private async send(calls: Pending[]) {
    try {
      const body = JSON.stringify(calls.map(({ method, params }, id) => ({ jsonrpc: '2.0', id, method, params })));
      let results: unknown[];
      try {
        results = this.unpack(calls, await this.post(body));
      } catch (error) {
        if (calls.length === 1 || !(error instanceof BadReply)) throw error;
        // Some nodes refuse batches: ask one by one.
        results = await Promise.all(calls.map((call) => this.single(call)));
      }
      calls.forEach((call, index) => call.resolve(results[index]));
    } catch (error) {
      for (const call of calls) call.reject(error as Error);
    }
  }

  private async single(call: RpcCall): Promise<unknown> {
    return this.unpack([call], await this.post(JSON.stringify([{ jsonrpc: '2.0', id: 0, ...call }])))[0];
  }

  /** Results in call order; throws on a failed POST, HTTP errors, non-JSON, a missing answer or a JSON-RPC error. */
  private unpack(calls: RpcCall[], reply: FetchReply): unknown[] {
    const method = calls[0].method;
    if ('failure' in reply) throw this.failure(method, this.describe(reply.failure));
    const { status, text, location } = reply;
    if (status >= 300 && status < 400) {
      const target = location === undefined ? 'elsewhere' : `to ${maskedUrl(new URL(location, this.endpoint.url))}`;
      throw this.failure(method, `the upstream redirects (HTTP ${status}) ${target}: give the URL it redirects to`);
    }
    if (status < 200 || status >= 300) {
      const body = shownText(text, this.endpoint.mask, 200);
      throw this.failure(method, `HTTP ${status}${body ? `: ${body}` : ''}`, BadReply);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw this.failure(method, `the answer is not JSON: ${shownText(text, this.endpoint.mask, 80)}`, BadReply);
    }
    if (!Array.isArray(parsed)) throw this.failure(method, 'the node did not answer the batch with an array', BadReply);
    const byId = new Map(parsed.map((item: { id?: unknown }) => [item?.id, item as { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } }]));
    return calls.map((call, id) => {
      const item = byId.get(id);
      if (!item) throw this.failure(call.method, 'no answer', BadReply);
      if (item.error) throw this.failure(call.method, rpcErrorText(item.error, this.endpoint.mask), BadReply);
      return item.result;
    });
  }

  /** A failed POST in words: time-out, refused, DNS, TLS, or what fetch said. */
  private describe(failure: FetchFailure): string {
    if (failure.name === 'TimeoutError') return `no answer within ${this.timeoutMs / 1000} s (timed out)`;
    if (failure.cause === 'bad port') return `fetch refuses to connect to port ${new URL(this.endpoint.url).port} (one of the Fetch standard's "bad ports"): use another port`;
    if (failure.code) {
      const { kind, reason } = describeSocketError(Object.assign(new Error(failure.cause ?? failure.message), { code: failure.code }));
      return kind === 'tls' ? `TLS error: ${reason}` : reason;
    }
    return failure.cause ?? failure.message;
  }
}
