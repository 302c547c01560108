// JSON-RPC over WebSocket (ws package): one connection, opened on first use and reused, answers matched
// to requests by id. A dropped connection fails the requests in flight and is reopened by the next one.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import WebSocket from 'ws';
import { fromHttpStatus, fromSocketError, NodeError, timeoutError, tooLargeError } from './errors';
import { notJsonError, parseAnswer, settleAnswer } from './envelope';
import { openTunnel, proxyFor } from './proxy';
import { tlsServerName, type Transport, type TransportSettings } from './transport';

interface Pending {
  method: string;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Reads a refused upgrade's status and its whole body (masked before it is shortened); a body over the limit is not shown. */
function refusal(response: IncomingMessage, settings: TransportSettings): Promise<NodeError> {
  return new Promise((resolve) => {
    let body = '';
    const done = () =>
      resolve(fromHttpStatus(response.statusCode ?? 0, settings.where, body, settings.mask, response.headers['retry-after']));
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      body += chunk;
      if (body.length <= settings.maxResponseBytes) return;
      body = '';
      response.destroy();
      done();
    });
    response.on('end', done);
    response.on('error', done);
  });
}

export function createWsTransport(settings: TransportSettings): Transport {
  const target = new URL(settings.url);
  const pending = new Map<number, Pending>();
  /** Ids given up on (timed out, cancelled): their late answers are dropped quietly. */
  const abandoned = new Set<number>();
  let connection: Promise<WebSocket> | undefined;

  function failAll(error: NodeError): void {
    for (const [id, entry] of pending) {
      pending.delete(id);
      entry.reject(error);
    }
  }

  async function tunnelIfProxied(signal: AbortSignal): Promise<Socket | undefined> {
    const proxy = proxyFor(target, settings.proxyEnv);
    if (!proxy) return undefined;
    return openTunnel(proxy, target, signal).catch((error: unknown) => {
      throw fromSocketError(error, `${settings.where} (through the proxy)`);
    });
  }

  async function open(signal: AbortSignal): Promise<WebSocket> {
    const tunnel = await tunnelIfProxied(signal);
    const secure = target.protocol === 'wss:';
    return new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(settings.url, {
        headers: settings.authorization ? { authorization: settings.authorization } : {},
        handshakeTimeout: settings.connectTimeoutMs,
        maxPayload: settings.maxResponseBytes,
        ca: settings.ca,
        ...(tunnel
          ? {
              createConnection: () =>
                secure
                  ? tlsConnect({ socket: tunnel, host: target.hostname, servername: tlsServerName(target.hostname), ca: settings.ca })
                  : tunnel,
            }
          : {}),
      });
      let opened = false;
      let tooLarge = false;
      let refused: Promise<NodeError> | undefined;
      socket.on('unexpected-response', (_request, response) => {
        // The refusal ends this connection: a keep-alive proxy (nginx) would otherwise hold it open, and the
        // process with it, for its keep-alive time-out. Taken now: the response lets go of it once read.
        const connectionSocket = response.socket;
        refused = refusal(response, settings);
        // refusal() never rejects: it resolves with the error to report.
        void refused.then((error) => {
          connectionSocket.destroy();
          reject(error);
        });
      });
      socket.once('open', () => {
        opened = true;
        settings.log(`websocket open ${settings.where}`);
        resolve(socket);
      });
      // ws hands over one Buffer per message (fragments joined), binary or text.
      socket.on('message', (data) => receive(String(data)));
      socket.on('error', (error: Error & { code?: string }) => {
        if (error.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') tooLarge = true;
        if (refused) return;
        if (!opened) {
          const timedOut = /timed out/i.test(error.message);
          reject(timedOut ? timeoutError(settings.where, settings.connectTimeoutMs, 'connect') : fromSocketError(error, settings.where));
        }
      });
      socket.on('close', (code) => {
        if (connection && opened) connection = undefined;
        settings.log(`websocket closed ${settings.where} (code ${code})`);
        failAll(
          tooLarge
            ? tooLargeError(settings.where, settings.maxResponseBytes)
            : new NodeError(
                'closed',
                `the connection to ${settings.where} closed (code ${code}) before the answer arrived`,
                'The server or a proxy dropped the WebSocket; the next request reconnects.',
              ),
        );
      });
    });
  }

  function receive(text: string): void {
    const answer = parseAnswer(text);
    if (!answer) {
      // Without an id nobody can be told which request this was; fail them all, the stream is unusable.
      failAll(notJsonError(text, settings.mask, settings.where));
      return;
    }
    if (typeof answer.id !== 'number') {
      if (answer.id === undefined) return; // a subscription notification
    } else if (abandoned.delete(answer.id)) {
      return;
    }
    const id = answer.id as number;
    const entry = pending.get(id);
    if (!entry) {
      // An answer to an id nobody asked: with one request in flight, it is that request's mismatched answer.
      const [only] = pending.keys();
      if (pending.size === 1) settle(only, answer);
      else settings.log(`dropped an answer to unknown id ${JSON.stringify(answer.id)}`);
      return;
    }
    settle(id, answer);
  }

  function settle(id: number, answer: NonNullable<ReturnType<typeof parseAnswer>>): void {
    const entry = pending.get(id)!;
    pending.delete(id);
    settings.log(`← ${entry.method} #${id}`);
    try {
      entry.resolve(settleAnswer(answer, id, entry.method, settings.where, settings.mask));
    } catch (error) {
      entry.reject(error);
    }
  }

  function connect(signal: AbortSignal): Promise<WebSocket> {
    if (!connection) {
      connection = open(signal);
      connection.catch(() => (connection = undefined));
    }
    return connection;
  }

  return {
    async send(id, method, body, signal) {
      const socket = await Promise.race([
        connect(signal),
        new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })),
      ]);
      if (signal.aborted) throw signal.reason;
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          if (pending.delete(id)) abandoned.add(id);
          reject(signal.reason);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        const done =
          <T>(fn: (value: T) => void) =>
          (value: T) => {
            signal.removeEventListener('abort', onAbort);
            fn(value);
          };
        pending.set(id, { method, resolve: done(resolve), reject: done(reject) });
        settings.log(`→ WS ${settings.where} ${method} #${id} (${body.length} bytes)`);
        socket.send(body, (error) => {
          if (error && pending.delete(id)) done(reject)(fromSocketError(error, settings.where));
        });
      });
    },
    async close() {
      const current = connection;
      connection = undefined;
      failAll(
        new NodeError(
          'closed',
          `the client for ${settings.where} was closed`,
          'The connection was closed by this program before the answer arrived.',
        ),
      );
      if (!current) return;
      const socket = await current.catch(() => undefined);
      if (!socket || socket.readyState === WebSocket.CLOSED) return;
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.close();
        setTimeout(() => socket.terminate(), 2000).unref();
      });
    },
  };
}
