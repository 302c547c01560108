// A worker's gate to the upstream when the fleet's requests are limited: a JSON-RPC forwarder on 127.0.0.1 that
// its tracing (the local fork node, or the worker's own client with --on node) is pointed at instead of the
// upstream. Each HTTP request waits for the fleet's limit (shared-rate.ts), then goes on to the upstream with
// the worker's own credentials, and its answer (status, Retry-After, body) comes back as it was, so that the
// retries downstream see what the upstream said. The gate holds the credentials; what it is given holds none.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authorizationHeader, dialUrl, postUrl, type Endpoint } from '../../rpc/endpoint';
import type { SharedRate } from './shared-rate';

interface RequestGate {
  /** The gate as an endpoint: a local URL, no credentials. */
  endpoint: Endpoint;
  close(): Promise<void>;
}

/** The largest request body forwarded (a fork node's batches are far smaller). */
const maxBodyBytes = 8 * 1024 * 1024;

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBodyBytes) throw new Error('request too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function startRequestGate(upstream: Endpoint, rate: SharedRate): Promise<RequestGate> {
  const target = dialUrl(postUrl(upstream.url), upstream.auth);
  const authorization = authorizationHeader(upstream.auth);
  const server = createServer((request, response) => {
    void (async () => {
      try {
        const sent = await body(request);
        await rate.take();
        const answer = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
          body: new Uint8Array(sent),
        });
        const retryAfter = answer.headers.get('retry-after');
        response.writeHead(answer.status, {
          'content-type': answer.headers.get('content-type') ?? 'application/json',
          ...(retryAfter ? { 'retry-after': retryAfter } : {}),
        });
        response.end(Buffer.from(await answer.arrayBuffer()));
      } catch {
        // Said as a server error, which the fork node and the retries take for one that may pass.
        if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
        response.end('the upstream could not be reached');
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: { ...upstream, url: `http://127.0.0.1:${port}`, auth: { kind: 'none' } },
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
