// A hostile JSON-RPC node for the secret-masking tests: plain HTTP and WebSocket on one 127.0.0.1 port. It
// answers like a chain at block 16 (batches too, as fork mode sends them), except the calls the test marks
// hostile, which get whatever the test makes of what the request carried: its path, its query and its
// Authorization header, as servers echo them in error pages and error texts.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer } from 'ws';

/** What the request carried, as the server saw it. */
export interface Echo {
  /** The path, e.g. `/KEY/ext/bc/C/rpc`. */
  path: string;
  /** The query with its `?`, or ''. */
  query: string;
  /** The Authorization header, or ''. */
  authorization: string;
}

export interface Call {
  method: string;
  params: unknown[];
}

export type HostileAnswer =
  /** An HTTP status and body (over WebSocket: a text message holding the body). */
  | { kind: 'http'; status: number; body: string }
  /** This `error` object as the call's JSON-RPC error, whatever it holds. */
  | { kind: 'rpc-error'; error: unknown }
  | { kind: 'result'; value: unknown };

export interface EchoNode {
  /** http://127.0.0.1:PORT */
  httpBase: string;
  /** ws://127.0.0.1:PORT */
  wsBase: string;
  /** How hostile calls are answered; undefined: none is. */
  hostile?: { when(call: Call): boolean; answer(echo: Echo): HostileAnswer };
  /** Refuse WebSocket upgrades with this status and body. */
  refuseUpgrade?: (echo: Echo) => { status: number; body: string };
  close(): Promise<void>;
}

/** The block it answers eth_getBlockByNumber with (any number): #16, the fork point. */
export const echoBlock = {
  number: '0x10',
  hash: '0x' + '11'.repeat(32),
  parentHash: '0x' + '22'.repeat(32),
  timestamp: '0x65000000',
  gasLimit: '0x1c9c380',
  baseFeePerGas: '0x5d21dba00',
  miner: '0x' + '00'.repeat(20),
  transactions: [],
};
const results: Record<string, unknown> = {
  eth_chainId: '0xa86a',
  eth_blockNumber: echoBlock.number,
  eth_getBlockByNumber: echoBlock,
  eth_getCode: '0x',
};

function echoOf(request: IncomingMessage): Echo {
  const url = new URL(request.url ?? '/', 'http://host');
  return { path: url.pathname, query: url.search, authorization: request.headers.authorization ?? '' };
}

export async function startEchoNode(): Promise<EchoNode> {
  const sockets = new Set<Socket>();
  /** The answer to one JSON-RPC call: an envelope, or an HTTP answer that replaces the whole reply. */
  const answer = (call: { id?: unknown } & Call, echo: Echo): Record<string, unknown> | { kind: 'http'; status: number; body: string } => {
    const hostile = node.hostile?.when(call) ? node.hostile.answer(echo) : undefined;
    if (hostile?.kind === 'http') return hostile;
    if (hostile?.kind === 'rpc-error') return { jsonrpc: '2.0', id: call.id, error: hostile.error };
    return { jsonrpc: '2.0', id: call.id, result: hostile ? hostile.value : (results[call.method] ?? '0x0') };
  };
  /** The reply to a request body (one call or a batch): a status and the text sent. */
  const reply = (body: string, echo: Echo): { status: number; text: string } => {
    const parsed = JSON.parse(body) as ({ id?: unknown } & Call) | Array<{ id?: unknown } & Call>;
    const answers = [parsed].flat().map((call) => answer(call, echo));
    const http = answers.find((item) => item.kind === 'http') as { status: number; body: string } | undefined;
    if (http) return { status: http.status, text: http.body };
    return { status: 200, text: JSON.stringify(Array.isArray(parsed) ? answers : answers[0]) };
  };

  const server: Server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const { status, text } = reply(body, echoOf(request));
    response.writeHead(status, { 'content-type': status === 200 && text.startsWith('{') ? 'application/json' : 'text/html' }).end(text);
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    const refused = node.refuseUpgrade?.(echoOf(request));
    if (refused) {
      socket.end(
        `HTTP/1.1 ${refused.status} Refused\r\nContent-Type: text/html\r\nContent-Length: ${Buffer.byteLength(refused.body)}\r\nConnection: close\r\n\r\n${refused.body}`,
      );
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      const echo = echoOf(request);
      ws.on('message', (data) => ws.send(reply(String(data), echo).text));
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const node: EchoNode = {
    httpBase: `http://127.0.0.1:${port}`,
    wsBase: `ws://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      wss.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return node;
}
