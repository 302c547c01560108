// A fork node polite to its upstream (--fork-max-requests-per-second, --fork-max-concurrent-requests) paces
// every request to it in one place, the node process, although its trace workers are processes of their own
// that read state themselves: while the limits are set, every Upstream of the node and of its workers posts to
// a relay in the node process, which sends each request on under one pacer. The relay listens on 127.0.0.1
// under a random path, handed to the workers in their environment (where the upstream's URL already is); it
// sends each body on as it came, with the upstream's own headers (its credentials), and passes the answer back
// as it came (status, Location, body), so that the Upstream reads, bounds and names the answer as without it.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RequestPacer, type PaceLimits } from '../../core/rpc/request-pacer';
import { upstreamEndpoint } from './upstream-url';

/** The environment variable holding the relay's URL, for the node's own Upstreams and its workers'. */
const relayVariable = 'EVM_TRACER_UPSTREAM_RELAY';

/** Request bodies are JSON-RPC batches of at most 500 calls. */
const maxBodyBytes = 16 * 1024 * 1024;

/** Where an Upstream of this process posts instead of its URL: the relay, when the node started one. */
export function relayTarget(): { url: string; headers: Record<string, string> } | undefined {
  const url = process.env[relayVariable];
  return url === undefined ? undefined : { url, headers: { 'content-type': 'application/json' } };
}

/** Starts the relay to `upstreamUrl` paced by `limits`; every Upstream created afterwards posts to it. */
export async function startUpstreamRelay(upstreamUrl: string, limits: PaceLimits): Promise<void> {
  const { url, headers } = upstreamEndpoint(upstreamUrl);
  const pacer = new RequestPacer(limits);
  const path = `/${randomBytes(16).toString('hex')}`;
  const server = createServer(async (request, response) => {
    if (request.method !== 'POST' || request.url !== path) return void response.writeHead(404).end();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBodyBytes) return void response.writeHead(413).end();
      chunks.push(chunk);
    }
    // The Upstream gave up (its time-out): the upstream's request is dropped with it.
    const gone = new AbortController();
    response.on('close', () => gone.abort());
    try {
      await pacer.run(async () => {
        const answer = await fetch(url, { method: 'POST', headers, body: Buffer.concat(chunks), redirect: 'manual', signal: gone.signal });
        const location = answer.headers.get('location');
        response.writeHead(answer.status, { 'content-type': 'application/json', ...(location === null ? {} : { location }) });
        const reader = answer.body?.getReader();
        for (let part = await reader?.read(); part && !part.done; part = await reader!.read()) response.write(part.value);
        response.end();
      });
    } catch {
      // Unreachable, or the answer broke off: the Upstream sees its connection reset, which it names.
      response.destroy();
    }
  });
  server.unref();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env[relayVariable] = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
}
