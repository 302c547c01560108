// A JSON-RPC proxy on 127.0.0.1 in front of a real node that adds a fixed delay to every request (an upstream
// that far away) and counts what it is asked: requests (round trips), the calls in each batch, their methods,
// when each arrived and how many were under way at once at most.
// It can refuse methods (a JSON-RPC error for those calls, the rest of a batch still forwarded), as providers
// refuse debug_trace* or eth_createAccessList, and it can be stopped to play an upstream gone offline. A test
// may also play a hostile or overloaded upstream: answer a request with an HTTP status instead of forwarding
// it, or change the node's answers (knowing the request's path, where a key is).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LatencyProxy {
  url: string;
  port: number;
  /** One entry per request: the methods it carried (a single call is a batch of one). */
  requests: string[][];
  /** When each request arrived (Date.now()), in order. */
  arrivals: number[];
  /** The most requests under way at once (arrived, not yet answered). */
  mostAtOnce: number;
  /** Forgets what was counted so far. */
  reset(): void;
  /** Calls with a method matching this are refused with "method not found". */
  refuse: RegExp | undefined;
  /** An HTTP status (e.g. 429) to answer a request with instead of forwarding it; undefined forwards it. */
  status: ((calls: RpcCall[]) => number | undefined) | undefined;
  /** Each forwarded call's answer as sent on: the node's, or what this makes of it. */
  alter: ((call: RpcCall, answer: RpcAnswer, path: string) => RpcAnswer) | undefined;
  close(): Promise<void>;
}

interface RpcItem {
  jsonrpc?: string;
  id?: unknown;
  method?: string;
  params?: unknown[];
}

export interface RpcCall {
  method: string;
  params: unknown[];
}

export interface RpcAnswer {
  jsonrpc: string;
  id: unknown;
  result?: unknown;
  error?: unknown;
}

export async function startLatencyProxy(target: string, delayMs: number, refuse?: RegExp): Promise<LatencyProxy> {
  const proxy: LatencyProxy = {
    url: '',
    port: 0,
    requests: [],
    arrivals: [],
    mostAtOnce: 0,
    reset: () => {
      proxy.requests.length = 0;
      proxy.arrivals.length = 0;
      proxy.mostAtOnce = 0;
    },
    refuse,
    status: undefined,
    alter: undefined,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
  let atOnce = 0;
  const server: Server = createServer(async (request, response) => {
    proxy.arrivals.push(Date.now());
    proxy.mostAtOnce = Math.max(proxy.mostAtOnce, ++atOnce);
    response.on('close', () => atOnce--);
    const chunks: Uint8Array[] = [];
    for await (const chunk of request) chunks.push(chunk as Uint8Array);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RpcItem | RpcItem[];
    const items = Array.isArray(body) ? body : [body];
    const methods = items.map((item) => String(item.method));
    proxy.requests.push(methods);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const status = proxy.status?.(items.map((item) => ({ method: String(item.method), params: item.params ?? [] })));
    if (status !== undefined) return void response.writeHead(status, { 'content-type': 'text/plain' }).end(`HTTP ${status}`);
    const refused = items.filter((item) => proxy.refuse?.test(String(item.method)));
    const forwarded = items.filter((item) => !refused.includes(item));
    const answers: RpcAnswer[] = refused.map((item) => ({
      jsonrpc: '2.0',
      id: item.id,
      error: { code: -32601, message: `the method ${item.method} does not exist/is not available` },
    }));
    if (forwarded.length > 0) {
      const reply = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(forwarded),
      });
      const replies = (await reply.json()) as RpcAnswer[];
      const call = (answer: RpcAnswer) => forwarded.find((item) => item.id === answer.id)!;
      const path = request.url ?? '/';
      answers.push(
        ...replies.map((answer) =>
          proxy.alter ? proxy.alter({ method: String(call(answer).method), params: call(answer).params ?? [] }, answer, path) : answer,
        ),
      );
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(Array.isArray(body) ? answers : answers[0]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.port = (server.address() as AddressInfo).port;
  proxy.url = `http://127.0.0.1:${proxy.port}`;
  return proxy;
}
