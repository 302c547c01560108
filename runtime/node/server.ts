// HTTP POST and WebSocket JSON-RPC on one port. Each request passes, in order: the browser rules
// (browser-rules.ts: Host, Origin; preflights are answered here), the access rules (auth.ts), then for HTTP
// the method, Content-Type and size checks. Answers go out at the pace the client reads them
// (answer-writer.ts); a request whose client goes away is cancelled. No handler lets an error escape: a
// hostile request can fail only itself.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { sendHttpAnswer, UnsentAnswers, WsAnswers } from './answer-writer';
import { checkAccess, type AuthOptions } from './auth';
import { clientIdentity, ConnectionsPerAddress } from './client-identity';
import {
  contentTypeRefusal,
  corsHeaders,
  httpRefusal,
  preflightHeaders,
  upgradeRefusal,
  type BrowserRules,
  type Refusal,
} from './browser-rules';
import { dispatch, type DispatchOptions, type RequestContext } from './dispatch';

interface RpcServerOptions extends AuthOptions, BrowserRules, DispatchOptions {
  host: string;
  port: number;
  /** Largest request body (HTTP) or message (WebSocket) accepted; geth's limit is 5 MiB. */
  maxBodyBytes?: number;
  /** Open connections (HTTP and WebSocket) one remote address may hold; more are closed at once. */
  maxConnectionsPerClient?: number;
  /** One line per refused request (the node's stderr). */
  log: (line: string) => void;
}

export interface RpcServer {
  host: string;
  port: number;
  close(): Promise<void>;
}

const defaultMaxBody = 5 * 1024 * 1024;
/** Far more than a browser (6 per host), the extension, the CLI or a script firing 100 requests at once
 * open; few enough that one client cannot exhaust the process's file descriptors. */
export const defaultMaxConnectionsPerClient = 128;

function send(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...headers });
  response.end(body);
}

/** geth answers its refusals as plain text (Go's http.Error). */
function sendRefusal(response: ServerResponse, refusal: Refusal, headers: Record<string, string> = {}) {
  send(response, refusal.status, refusal.body + '\n', {
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
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
    request.on('close', () => reject(new Error('the client closed the connection before sending the whole body')));
  });
}

const reasons: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' };

function refuseUpgrade(socket: Duplex, status: number, body: string, headers: Record<string, string>) {
  const lines = [
    `HTTP/1.1 ${status} ${reasons[status]}`,
    'Connection: close',
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  socket.end(lines.join('\r\n') + '\r\n\r\n' + body);
}

export async function startRpcServer(options: RpcServerOptions): Promise<RpcServer> {
  const limit = options.maxBodyBytes ?? defaultMaxBody;
  const unsent = new UnsentAnswers(options.maxResponseBytes);
  const wss = new WebSocketServer({ noServer: true, maxPayload: limit });
  const refused = (what: string, refusal: Refusal) => options.log(`refused ${what}: ${refusal.reason}`);

  async function serveHttp(request: IncomingMessage, response: ServerResponse) {
    response.on('error', () => undefined); // writes to a client that went away fail; that is no error of the node
    const browser = httpRefusal(request, options);
    if (browser) {
      refused(request.method === 'OPTIONS' ? 'preflight' : 'request', browser);
      return sendRefusal(response, browser);
    }
    // An allowed page's preflight carries no credentials (browsers never send them on one), so it is answered
    // before the access rules; it only tells the browser it may send the real request.
    if (request.method === 'OPTIONS' && request.headers.origin !== undefined) return send(response, 204, '', preflightHeaders(request));
    const cors = corsHeaders(request);
    const access = checkAccess(request, options);
    if (!access.ok) return send(response, access.status, JSON.stringify({ error: access.message }), { ...access.headers, ...cors });
    if (request.method === 'OPTIONS') return send(response, 204, '', { Allow: 'POST, OPTIONS' });
    if (request.method !== 'POST')
      return send(response, 405, JSON.stringify({ error: 'method not allowed: use POST' }), { Allow: 'POST', ...cors });
    const badType = contentTypeRefusal(request);
    if (badType) {
      refused('request', badType);
      return sendRefusal(response, badType, cors);
    }
    const body = await readBody(request, limit);
    if (body === undefined) return send(response, 413, JSON.stringify({ error: `request body too large (limit ${limit} bytes)` }), cors);
    const controller = new AbortController();
    response.once('close', () => {
      if (!response.writableFinished) controller.abort();
    });
    const context: RequestContext = {
      signal: controller.signal,
      client: clientIdentity(request, options.key !== undefined),
      drained: () => unsent.room(controller.signal),
    };
    const answer = await dispatch(body, options, context);
    if (response.destroyed) return;
    if (answer === undefined) return send(response, 200, '', cors);
    await sendHttpAnswer(response, unsent, cors, answer);
  }

  function serveWebSocket(ws: WebSocket, request: IncomingMessage) {
    const controller = new AbortController();
    const answers = new WsAnswers(ws, unsent);
    const context: RequestContext = {
      signal: controller.signal,
      client: clientIdentity(request, options.key !== undefined),
      drained: () => unsent.room(controller.signal),
    };
    ws.on('message', (data) => {
      dispatch(data.toString(), options, context)
        .then((answer) => {
          if (answer !== undefined && ws.readyState === ws.OPEN) answers.send(answer);
        })
        .catch(() => ws.terminate());
    });
    ws.on('close', () => {
      controller.abort();
      answers.discard();
    });
    // ws has already begun closing with the error's status (1009 for an oversized message); terminating here
    // would drop that close frame before the client reads it.
    ws.on('error', () => undefined);
  }

  const server: Server = createServer((request, response) => {
    serveHttp(request, response).catch((error: unknown) => {
      if (response.destroyed) return;
      if (!response.headersSent) send(response, 500, JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
      else response.destroy();
    });
  });
  const connections = new ConnectionsPerAddress(options.maxConnectionsPerClient ?? defaultMaxConnectionsPerClient);
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    if (!connections.admit(address)) {
      const limit = options.maxConnectionsPerClient ?? defaultMaxConnectionsPerClient;
      options.log(`refused connection: ${address} already holds ${limit} connections (--max-connections-per-client)`);
      // Answered before its request is read (HTTP and WebSocket upgrades alike), so the client learns why.
      socket.on('error', () => undefined);
      const body = `too many connections from ${address}: at most ${limit} at once\n`;
      socket.end(
        `HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      return;
    }
    socket.once('close', () => connections.release(address));
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    try {
      const browser = upgradeRefusal(request, options);
      if (browser) {
        refused('WebSocket upgrade', browser);
        return refuseUpgrade(socket, browser.status, browser.body + '\n', {});
      }
      const access = checkAccess(request, options);
      if (!access.ok) return refuseUpgrade(socket, access.status, '', access.headers);
      wss.handleUpgrade(request, socket, head, serveWebSocket);
    } catch {
      socket.destroy();
    }
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
