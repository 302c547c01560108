// JSON-RPC over HTTP(S): one POST per request, the body counted as it streams so an oversized answer is
// cut off at the limit instead of being buffered whole.
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import { connect as tlsConnect } from 'node:tls';
import { fromHttpStatus, fromSocketError, NodeError, timeoutError, tooLargeError } from './errors';
import { notJsonError, parseAnswer, settleAnswer } from './envelope';
import { openTunnel, proxyAuthorization, proxyFor } from './proxy';
import { tlsServerName, type Transport, type TransportSettings } from './transport';

interface HttpAnswer {
  status: number;
  contentType?: string;
  retryAfter?: string;
  body: string;
}

/** Statuses whose meaning does not depend on the body (a JSON-RPC error in it is still shown). */
const httpFirst = new Set([401, 403, 404, 413, 429]);

export function createHttpTransport(settings: TransportSettings): Transport {
  const target = new URL(settings.url);
  const secure = target.protocol === 'https:';

  async function requestOptions(headers: Record<string, string | number>, signal: AbortSignal): Promise<RequestOptions> {
    const proxy = proxyFor(target, settings.proxyEnv);
    // A fresh connection per request (agent: false): a pooled socket the server already closed would make a
    // healthy node look like it dropped the request.
    const base: RequestOptions = { method: 'POST', headers, signal, agent: false };
    if (!proxy) {
      return {
        ...base,
        host: target.hostname,
        port: target.port || undefined,
        path: target.pathname + target.search,
        ca: settings.ca,
        servername: tlsServerName(target.hostname),
      };
    }
    const auth = proxyAuthorization(proxy);
    if (!secure) {
      // A plain-http target: the proxy gets the absolute URL.
      return {
        ...base,
        host: proxy.hostname,
        port: proxy.port || 80,
        path: target.href,
        headers: { ...headers, host: target.host, ...(auth ? { 'proxy-authorization': auth } : {}) },
      };
    }
    const tunnel = await openTunnel(proxy, target, signal).catch((error: unknown) => {
      throw fromSocketError(error, `${settings.where} (through the proxy)`);
    });
    const tlsSocket = tlsConnect({ socket: tunnel, host: target.hostname, servername: tlsServerName(target.hostname), ca: settings.ca });
    // Finish the handshake here, so a TLS failure is reported as one and not as a dropped request.
    await new Promise<void>((resolve, reject) => {
      tlsSocket.once('secureConnect', () => resolve());
      tlsSocket.once('error', (error) => reject(fromSocketError(error, settings.where)));
    });
    return {
      ...base,
      host: target.hostname,
      port: target.port || 443,
      path: target.pathname + target.search,
      agent: undefined,
      createConnection: () => tlsSocket,
    };
  }

  function post(body: string, signal: AbortSignal): Promise<HttpAnswer> {
    const headers: Record<string, string | number> = {
      'content-type': 'application/json',
      accept: 'application/json',
      'content-length': Buffer.byteLength(body),
      ...(settings.authorization ? { authorization: settings.authorization } : {}),
    };
    return new Promise<HttpAnswer>((resolve, reject) => {
      let settled = false;
      let connected = false;
      // eslint-disable-next-line prefer-const -- set below, once the closures that clear it exist
      let connectTimer: NodeJS.Timeout | undefined;
      let request: ClientRequest | undefined;
      const onAbort = () => finish(signal.reason);
      const finish = (error: unknown, answer?: HttpAnswer) => {
        if (settled) return;
        settled = true;
        clearTimeout(connectTimer);
        signal.removeEventListener('abort', onAbort);
        if (answer) return resolve(answer);
        request?.destroy();
        reject(error);
      };
      const fail = (error: unknown) => {
        if (signal.aborted) return finish(signal.reason);
        if (error instanceof NodeError) return finish(error);
        // After the request went out, a dropped connection means the answer was lost, not that the host is down.
        if (connected) {
          return finish(
            new NodeError(
              'closed',
              `the connection to ${settings.where} closed before the whole answer arrived`,
              'The server or a proxy dropped the connection mid-request; try again.',
            ),
          );
        }
        finish(fromSocketError(error, settings.where));
      };
      signal.addEventListener('abort', onAbort, { once: true });

      connectTimer = setTimeout(() => fail(timeoutError(settings.where, settings.connectTimeoutMs, 'connect')), settings.connectTimeoutMs);
      requestOptions(headers, signal).then((options) => {
        if (settled) return;
        request = (secure ? httpsRequest : httpRequest)(options);
        request.on('socket', (socket) => {
          const onConnect = () => {
            connected = true;
            clearTimeout(connectTimer);
          };
          if (socket.connecting) socket.once(secure ? 'secureConnect' : 'connect', onConnect);
          else onConnect();
        });
        request.on('error', fail);
        request.on('response', (response) => readBody(response, fail, (answer) => finish(undefined, answer)));
        request.end(body);
      }, fail);
    });
  }

  function readBody(response: IncomingMessage, fail: (error: unknown) => void, done: (answer: HttpAnswer) => void): void {
    const limit = settings.maxResponseBytes;
    if (Number(response.headers['content-length']) > limit) return fail(tooLargeError(settings.where, limit));
    const chunks: Uint8Array[] = [];
    let size = 0;
    response.on('data', (chunk: Uint8Array) => {
      size += chunk.length;
      if (size > limit) return fail(tooLargeError(settings.where, limit));
      chunks.push(chunk);
    });
    response.on('error', fail);
    response.on('aborted', () => fail(new Error('aborted')));
    response.on('end', () => {
      if (!response.complete) return fail(new Error('incomplete'));
      done({
        status: response.statusCode ?? 0,
        contentType: response.headers['content-type'],
        retryAfter: response.headers['retry-after'],
        body: Buffer.concat(chunks, size).toString('utf8'),
      });
    });
  }

  return {
    async send(id, method, body, signal) {
      settings.log(`→ POST ${settings.where} ${method} #${id} (${body.length} bytes)`);
      const answer = await post(body, signal);
      settings.log(`← HTTP ${answer.status} ${method} #${id} (${answer.body.length} bytes)`);
      if (httpFirst.has(answer.status)) throw fromHttpStatus(answer.status, settings.where, answer.body, settings.mask, answer.retryAfter);
      const parsed = parseAnswer(answer.body);
      // Some nodes send JSON-RPC errors with a 4xx/5xx status: the JSON-RPC error says more.
      if (parsed?.error !== undefined || (parsed && answer.status === 200))
        return settleAnswer(parsed, id, method, settings.where, settings.mask);
      if (answer.status !== 200) throw fromHttpStatus(answer.status, settings.where, answer.body, settings.mask, answer.retryAfter);
      throw notJsonError(answer.body, settings.mask, settings.where, answer.contentType);
    },
    async close() {},
  };
}
