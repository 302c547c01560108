// HTTP POST and WebSocket JSON-RPC on one port, behind the access rules of auth.ts, with a request size limit.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { checkAccess, type AuthOptions } from './auth';
import { dispatch, type Methods } from './dispatch';

export interface RpcServerOptions extends AuthOptions {
  host: string;
  port: number;
  methods: Methods;
  /** Largest request body (HTTP) or message (WebSocket) accepted; geth's limit is 5 MiB. */
  maxBodyBytes?: number;
}

export interface RpcServer {
  host: string;
  port: number;
  close(): Promise<void>;
}

const defaultMaxBody = 5 * 1024 * 1024;

function send(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...headers });
  response.end(body);
}

/** The body text, or undefined when it exceeds `limit`: then it is drained (not kept) so the client reads the 413. */
function readBody(request: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    let tooLarge = Number(request.headers['content-length'] ?? 0) > limit;
    const chunks: Uint8Array[] = [];
    let size = 0;
    request.on('data', (chunk: Uint8Array) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    request.on('end', () => resolve(tooLarge ? undefined : Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function refuseUpgrade(socket: Duplex, status: number, reason: string, headers: Record<string, string>) {
  const lines = [`HTTP/1.1 ${status} ${reason}`, 'Connection: close', 'Content-Length: 0', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  socket.end(lines.join('\r\n') + '\r\n\r\n');
}

export async function startRpcServer(options: RpcServerOptions): Promise<RpcServer> {
  const limit = options.maxBodyBytes ?? defaultMaxBody;
  const wss = new WebSocketServer({ noServer: true, maxPayload: limit });
  const server: Server = createServer(async (request, response) => {
    const access = checkAccess(request, options);
    if (!access.ok) return send(response, access.status, JSON.stringify({ error: access.message }), access.headers);
    if (request.method === 'OPTIONS') return send(response, 204, '', { Allow: 'POST, OPTIONS' });
    if (request.method !== 'POST') return send(response, 405, JSON.stringify({ error: 'method not allowed: use POST' }), { Allow: 'POST' });
    try {
      const body = await readBody(request, limit);
      if (body === undefined) return send(response, 413, JSON.stringify({ error: `request body too large (limit ${limit} bytes)` }));
      const answer = await dispatch(body, options.methods);
      if (answer === undefined) return send(response, 200, '');
      send(response, 200, answer);
    } catch (error) {
      send(response, 500, JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
    }
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const access = checkAccess(request, options);
    if (!access.ok) return refuseUpgrade(socket, access.status, access.status === 401 ? 'Unauthorized' : 'Not Found', access.headers);
    wss.handleUpgrade(request, socket, head, (ws) => {
      ws.on('message', async (data) => {
        const answer = await dispatch(data.toString(), options.methods);
        if (answer !== undefined && ws.readyState === ws.OPEN) ws.send(answer);
      });
      ws.on('error', () => ws.terminate());
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    host: options.host,
    port,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
