// A provider-like JSON-RPC endpoint for tests: HTTPS and WSS on one 127.0.0.1 port with a self-signed
// certificate made at start, avalanchego paths behind an access key (`/<KEY>/ext/bc/C/rpc`) or HTTP Basic
// auth, every request recorded byte for byte, and scripted misbehaviour per method. A real provider
// (nginx in front of geth and avalanchego, test/support/reference/) is what the tests of test/reference/
// use; this one is for what nginx cannot show: the exact bytes a client sends, and faults on demand.
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import { generate } from 'selfsigned';
import { WebSocketServer, type WebSocket } from 'ws';

export type Behaviour =
  | { kind: 'result'; value: unknown }
  | { kind: 'rpc-error'; code: number; message: string; data?: unknown }
  /** An HTTP status with a body (HTTP only). */
  | { kind: 'http'; status: number; body: string; headers?: Record<string, string> }
  /** The connection is destroyed after the request arrives. */
  | { kind: 'drop' }
  /** No answer for `ms`, then the result. */
  | { kind: 'slow'; ms: number; value: unknown }
  /** An answer to another id. */
  | { kind: 'wrong-id'; value: unknown }
  /** A JSON string result of `bytes` characters, streamed in chunks. */
  | { kind: 'big'; bytes: number }
  /** An HTML error page that echoes the request path, as gateways' error pages do (HTTP only). */
  | { kind: 'echo-page'; status: number };

export interface RecordedRequest {
  transport: 'http' | 'ws';
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The raw header lines as received (names in the client's spelling). */
  rawHeaders: string[];
  body: string;
}

export interface ProviderServerOptions {
  tls?: boolean;
  /** Require this access key as the first path segment. */
  key?: string;
  /** Serve JSON-RPC (HTTP and WebSocket) at exactly these paths instead of avalanchego's paths behind `key`. */
  paths?: string[];
  /** Require these HTTP Basic credentials. */
  basic?: { username: string; password: string };
}

export interface ProviderServer {
  /** Base URL without the key, e.g. https://127.0.0.1:PORT */
  httpBase: string;
  wsBase: string;
  /** PEM certificate to trust. */
  cert: string;
  requests: RecordedRequest[];
  /** Sets how `method` is answered (default for methods never set: JSON-RPC -32601). */
  on(method: string, behaviour: Behaviour): void;
  /** Destroys every open connection (e.g. to drop WebSockets). */
  dropConnections(): void;
  stop(): Promise<void>;
}

const paths = { rpc: '/ext/bc/C/rpc', ws: '/ext/bc/C/ws', x: '/ext/bc/X' };

export async function startProviderServer(options: ProviderServerOptions = {}): Promise<ProviderServer> {
  const tls = options.tls ?? true;
  // A unique subject: OpenSSL finds a self-signed issuer by name, so two test servers must not share one.
  const pems = await generate([{ name: 'commonName', value: `provider-test-${randomUUID()}` }], {
    keyType: 'ec',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  const behaviours = new Map<string, Behaviour>();
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  const expectedPrefix = options.key ? `/${options.key}` : '';
  const expectedAuth = options.basic
    ? `Basic ${Buffer.from(`${options.basic.username}:${options.basic.password}`).toString('base64')}`
    : undefined;

  /** 404 for a path or key that is wrong, 401 for wrong Basic credentials, else undefined. */
  function refusal(request: IncomingMessage, path: string): { status: number; body: string } | undefined {
    const served = options.paths ?? [paths.rpc, paths.ws, paths.x].map((p) => expectedPrefix + p);
    if (!served.includes(path)) {
      return { status: 404, body: '<html><body><h1>404 Not Found</h1></body></html>' };
    }
    if (expectedAuth && request.headers.authorization !== expectedAuth) return { status: 401, body: '{"message":"Unauthorized"}' };
    return undefined;
  }

  function answer(rpc: { id?: unknown; method?: string }): { behaviour: Behaviour; text: () => string } {
    const behaviour = behaviours.get(rpc.method ?? '') ?? {
      kind: 'rpc-error',
      code: -32601,
      message: `the method ${rpc.method} does not exist/is not available`,
    };
    const envelope = (body: Record<string, unknown>) => JSON.stringify({ jsonrpc: '2.0', id: rpc.id, ...body });
    const text = () => {
      switch (behaviour.kind) {
        case 'rpc-error':
          return envelope({
            error: { code: behaviour.code, message: behaviour.message, ...(behaviour.data === undefined ? {} : { data: behaviour.data }) },
          });
        case 'wrong-id':
          return JSON.stringify({ jsonrpc: '2.0', id: Number(rpc.id) + 1000, result: behaviour.value });
        case 'result':
        case 'slow':
          return envelope({ result: behaviour.value });
        default:
          return envelope({ result: null });
      }
    };
    return { behaviour, text };
  }

  /** Writes a big JSON-string result in 1 MB chunks, so the client sees it stream. */
  function writeBig(write: (chunk: string) => boolean | void, id: unknown, bytes: number, end: () => void): void {
    write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":"`);
    const chunk = 'a'.repeat(1024 * 1024);
    let left = bytes;
    while (left > 0) {
      write(chunk.slice(0, Math.min(left, chunk.length)));
      left -= chunk.length;
    }
    write('"}');
    end();
  }

  function handleHttp(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks as Uint8Array[]).toString('utf8');
      const path = request.url ?? '';
      requests.push({
        transport: 'http',
        method: request.method ?? '',
        path,
        headers: request.headers,
        rawHeaders: request.rawHeaders,
        body,
      });
      const refused = refusal(request, path);
      if (refused) {
        response
          .writeHead(refused.status, { 'content-type': refused.body.startsWith('<') ? 'text/html' : 'application/json' })
          .end(refused.body);
        return;
      }
      let rpc: { id?: unknown; method?: string };
      try {
        rpc = JSON.parse(body);
      } catch {
        response.writeHead(400).end('bad json');
        return;
      }
      const { behaviour, text } = answer(rpc);
      const json = { 'content-type': 'application/json' };
      switch (behaviour.kind) {
        case 'http':
          response.writeHead(behaviour.status, { 'content-type': 'text/plain', ...behaviour.headers }).end(behaviour.body);
          return;
        case 'echo-page':
          response
            .writeHead(behaviour.status, { 'content-type': 'text/html' })
            .end(
              `<html><head><title>Error ${behaviour.status}</title></head><body><h1>Error ${behaviour.status}</h1><p>The upstream of https://${request.headers.host}${path} did not answer.</p></body></html>`,
            );
          return;
        case 'drop':
          request.socket.destroy();
          return;
        case 'slow': {
          const timer = setTimeout(() => response.writeHead(200, json).end(text()), behaviour.ms);
          response.on('close', () => clearTimeout(timer));
          return;
        }
        case 'big':
          response.writeHead(200, json);
          writeBig(
            (chunk) => response.write(chunk),
            rpc.id,
            behaviour.bytes,
            () => response.end(),
          );
          return;
        default:
          response.writeHead(200, json).end(text());
      }
    });
  }

  const server: Server = tls ? createHttpsServer({ key: pems.private, cert: pems.cert }, handleHttp) : createHttpServer(handleHttp);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('secureConnection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    const path = request.url ?? '';
    requests.push({ transport: 'ws', method: 'UPGRADE', path, headers: request.headers, rawHeaders: request.rawHeaders, body: '' });
    const refused = refusal(request, path);
    if (refused) {
      socket.end(
        `HTTP/1.1 ${refused.status} Refused\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(refused.body)}\r\nConnection: close\r\n\r\n${refused.body}`,
      );
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => serveWebSocket(ws, request));
  });

  function serveWebSocket(ws: WebSocket, upgrade: IncomingMessage): void {
    ws.on('message', (data) => {
      const body = String(data);
      requests.push({
        transport: 'ws',
        method: 'MESSAGE',
        path: upgrade.url ?? '',
        headers: upgrade.headers,
        rawHeaders: upgrade.rawHeaders,
        body,
      });
      const rpc = JSON.parse(body) as { id?: unknown; method?: string };
      const { behaviour, text } = answer(rpc);
      switch (behaviour.kind) {
        case 'drop':
          ws.terminate();
          return;
        case 'slow': {
          const timer = setTimeout(() => ws.readyState === ws.OPEN && ws.send(text()), behaviour.ms);
          ws.on('close', () => clearTimeout(timer));
          return;
        }
        case 'big': {
          const parts: string[] = [];
          writeBig(
            (chunk) => void parts.push(chunk),
            rpc.id,
            behaviour.bytes,
            () => ws.send(parts.join('')),
          );
          return;
        }
        default:
          ws.send(text());
      }
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    httpBase: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    wsBase: `${tls ? 'wss' : 'ws'}://127.0.0.1:${port}`,
    cert: pems.cert,
    requests,
    on: (method, behaviour) => behaviours.set(method, behaviour),
    dropConnections: () => {
      for (const socket of sockets) socket.destroy();
    },
    stop: async () => {
      for (const client of wss.clients) client.terminate();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
