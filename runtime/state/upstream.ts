// JSON-RPC to the fork upstream: calls made in the same tick travel as one JSON-RPC batch (falling back to
// single calls if the node refuses batches); a blocking variant serves synchronous readers.
import { postSync } from './sync-fetch';
import { upstreamEndpoint, type UpstreamEndpoint } from './upstream-url';

export interface RpcCall {
  method: string;
  params: unknown[];
}

interface Pending extends RpcCall {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

const maxBatch = 100;

export class Upstream {
  readonly endpoint: UpstreamEndpoint;
  private queue: Pending[] = [];

  constructor(url: string) {
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
    const answer = postSync(this.endpoint.url, this.endpoint.headers, body);
    if ('error' in answer) throw this.failure(calls[0].method, answer.error);
    return this.unpack(calls, answer.status, answer.text);
  }

  private failure(method: string, reason: string): Error {
    return new Error(`fork upstream ${this.endpoint.masked}: ${method} failed: ${reason}`);
  }

  private async flush() {
    const calls = this.queue;
    this.queue = [];
    for (let start = 0; start < calls.length; start += maxBatch) void this.send(calls.slice(start, start + maxBatch));
  }

  private async post(body: string): Promise<{ status: number; text: string }> {
    const response = await fetch(this.endpoint.url, { method: 'POST', headers: this.endpoint.headers, body, signal: AbortSignal.timeout(60_000) });
    return { status: response.status, text: await response.text() };
  }

  private async send(calls: Pending[]) {
    try {
      const body = JSON.stringify(calls.map(({ method, params }, id) => ({ jsonrpc: '2.0', id, method, params })));
      const { status, text } = await this.post(body);
      let results: unknown[];
      try {
        results = this.unpack(calls, status, text);
      } catch (error) {
        if (calls.length === 1) throw error;
        // Some nodes refuse batches: ask one by one.
        results = await Promise.all(calls.map((call) => this.single(call)));
      }
      calls.forEach((call, index) => call.resolve(results[index]));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      for (const call of calls) call.reject(reason.startsWith('fork upstream') ? (error as Error) : this.failure(call.method, reason));
    }
  }

  private async single(call: RpcCall): Promise<unknown> {
    const { status, text } = await this.post(JSON.stringify([{ jsonrpc: '2.0', id: 0, ...call }]));
    return this.unpack([call], status, text)[0];
  }

  /** Results in call order; throws on HTTP errors, non-JSON, a missing answer or a JSON-RPC error. */
  private unpack(calls: RpcCall[], status: number, text: string): unknown[] {
    if (status < 200 || status >= 300) throw this.failure(calls[0].method, `HTTP ${status}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw this.failure(calls[0].method, `not JSON: ${text.slice(0, 80)}`);
    }
    if (!Array.isArray(parsed)) throw this.failure(calls[0].method, 'the node did not answer the batch with an array');
    const byId = new Map(parsed.map((item: { id?: unknown }) => [item.id, item as { result?: unknown; error?: { message?: string } }]));
    return calls.map((call, id) => {
      const item = byId.get(id);
      if (!item) throw this.failure(call.method, 'no answer');
      if (item.error) throw this.failure(call.method, item.error.message ?? JSON.stringify(item.error));
      return item.result;
    });
  }
}
