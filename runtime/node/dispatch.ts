// JSON-RPC 2.0 over one request text: single calls, batches and notifications, with geth's error codes.
// Nothing a client sends may throw out of here: the transports answer whatever this returns.
import { JsonSyntaxError, parseJson } from './json-text';
import { Answer, serialiseAnswer } from './raw-json';
import { responseTooLarge, RpcError } from './rpc-error';

/** What a handler knows about the request besides its params. */
export interface RequestContext {
  /** Aborted when the client goes away (HTTP connection closed before the answer, WebSocket closed). */
  signal: AbortSignal;
  /** Who sent the request (address and credentials, see client-identity.ts): traces are queued fairly between clients. */
  client: string;
  /** Resolves once the client has read earlier answers (or is gone), so answers do not pile up unread. */
  drained(): Promise<void>;
}

/** A method handler: positional params in, a JSON-able result (or RawJson parts) out; throws RpcError. */
type Method = (params: unknown[], request: RequestContext) => Promise<unknown>;
export type Methods = Record<string, Method>;

export interface DispatchOptions {
  methods: Methods;
  /** Largest answer text (a batch's answers together) in UTF-8 bytes; larger results become errors. */
  maxResponseBytes: number;
}

const maxBatch = 1000;
/** geth's code for an answer over its size limit (it has one for batches only). */

type Id = string | number | null;
/** Bytes an answer (a batch's answers together) may still take. */
type Budget = { left: number };

function errorResponse(id: Id, error: RpcError): object {
  const body: Record<string, unknown> = { code: error.code, message: error.message };
  if (error.data !== undefined) body.data = error.data;
  return { jsonrpc: '2.0', id, error: body };
}

function validId(id: unknown): id is Id {
  return id === null || typeof id === 'string' || typeof id === 'number';
}

const crashed = (error: unknown) =>
  new RpcError(-32603, `method handler crashed: ${error instanceof Error ? error.message : String(error)}`);

/** The response of one call (undefined for a notification): what fits the budget, else an error. */
async function handleOne(request: unknown, options: DispatchOptions, context: RequestContext, budget: Budget): Promise<Answer | undefined> {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return serialiseAnswer(errorResponse(null, new RpcError(-32600, 'invalid request')));
  }
  const { jsonrpc, method, params, id } = request as Record<string, unknown>;
  const isNotification = !('id' in request);
  const responseId = validId(id) ? id : null;
  if (jsonrpc !== '2.0' || typeof method !== 'string' || (!isNotification && !validId(id))) {
    return serialiseAnswer(errorResponse(responseId, new RpcError(-32600, 'invalid request')));
  }
  let response: object;
  const handler = Object.hasOwn(options.methods, method) ? options.methods[method] : undefined;
  if (!handler) {
    response = errorResponse(responseId, new RpcError(-32601, `the method ${method} does not exist/is not available`));
  } else if (params !== undefined && params !== null && !Array.isArray(params)) {
    response = errorResponse(responseId, new RpcError(-32602, 'non-array args'));
  } else {
    try {
      response = { jsonrpc: '2.0', id: responseId, result: (await handler((params as unknown[] | undefined) ?? [], context)) ?? null };
    } catch (error) {
      response = errorResponse(responseId, error instanceof RpcError ? error : crashed(error));
    }
  }
  if (isNotification) return undefined;
  let answer: Answer;
  try {
    answer = serialiseAnswer(response);
  } catch (error) {
    answer = serialiseAnswer(errorResponse(responseId, crashed(error)));
  }
  const size = answer.bytes;
  if (size <= budget.left) {
    budget.left -= size;
    return answer;
  }
  const limit = options.maxResponseBytes;
  const message =
    size > limit
      ? `response too large: ${size} bytes, more than the node's limit of ${limit} bytes (--max-response-bytes)`
      : `response too large: ${size} bytes, and the batch's earlier answers leave ${Math.max(0, budget.left)} of the node's limit of ${limit} bytes (--max-response-bytes)`;
  return serialiseAnswer(errorResponse(responseId, new RpcError(responseTooLarge, message)));
}

/** The response for a request text, or undefined when nothing is to be sent (notifications only). */
export async function dispatch(text: string, options: DispatchOptions, context: RequestContext): Promise<Answer | undefined> {
  let request: unknown;
  try {
    request = parseJson(text);
  } catch (error) {
    const message = error instanceof JsonSyntaxError ? `parse error: ${error.message}` : `parse error: ${String(error)}`;
    return serialiseAnswer(errorResponse(null, new RpcError(-32700, message)));
  }
  if (!Array.isArray(request)) return handleOne(request, options, context, { left: options.maxResponseBytes });
  if (request.length === 0) return serialiseAnswer(errorResponse(null, new RpcError(-32600, 'empty batch')));
  if (request.length > maxBatch) {
    return serialiseAnswer(errorResponse(null, new RpcError(-32600, `batch too large (at most ${maxBatch} calls)`)));
  }
  // Each answer is sized as soon as it is ready, so one that does not fit is dropped before the others finish.
  const budget = { left: options.maxResponseBytes - 2 - request.length }; // brackets and commas
  const sent = (await Promise.all(request.map((one) => handleOne(one, options, context, budget)))).filter((r) => r !== undefined);
  return sent.length > 0 ? Answer.list(sent) : undefined;
}
