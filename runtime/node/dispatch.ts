// JSON-RPC 2.0 over one request text: single calls, batches and notifications, with geth's error codes.
import { JsonSyntaxError, parseJson } from './json-text';
import { stringifyWithRaw } from './raw-json';
import { RpcError } from './rpc-error';

/** A method handler: positional params in, a JSON-able result (or RawJson parts) out; throws RpcError. */
export type Method = (params: unknown[]) => Promise<unknown>;
export type Methods = Record<string, Method>;

const maxBatch = 1000;

type Id = string | number | null;

function errorResponse(id: Id, error: RpcError): object {
  const body: Record<string, unknown> = { code: error.code, message: error.message };
  if (error.data !== undefined) body.data = error.data;
  return { jsonrpc: '2.0', id, error: body };
}

function validId(id: unknown): id is Id {
  return id === null || typeof id === 'string' || typeof id === 'number';
}

async function handleOne(request: unknown, methods: Methods): Promise<object | undefined> {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return errorResponse(null, new RpcError(-32600, 'invalid request'));
  }
  const { jsonrpc, method, params, id } = request as Record<string, unknown>;
  const isNotification = !('id' in request);
  const responseId = validId(id) ? id : null;
  if (jsonrpc !== '2.0' || typeof method !== 'string' || (!isNotification && !validId(id))) {
    return errorResponse(responseId, new RpcError(-32600, 'invalid request'));
  }
  let response: object;
  const handler = Object.hasOwn(methods, method) ? methods[method] : undefined;
  if (!handler) {
    response = errorResponse(responseId, new RpcError(-32601, `the method ${method} does not exist/is not available`));
  } else if (params !== undefined && params !== null && !Array.isArray(params)) {
    response = errorResponse(responseId, new RpcError(-32602, 'non-array args'));
  } else {
    try {
      response = { jsonrpc: '2.0', id: responseId, result: (await handler((params as unknown[] | undefined) ?? [])) ?? null };
    } catch (error) {
      response = errorResponse(
        responseId,
        error instanceof RpcError
          ? error
          : new RpcError(-32603, `method handler crashed: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
  }
  return isNotification ? undefined : response;
}

/** The response text for a request text, or undefined when nothing is to be sent (notifications only). */
export async function dispatch(text: string, methods: Methods): Promise<string | undefined> {
  let request: unknown;
  try {
    request = parseJson(text);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    return stringifyWithRaw(errorResponse(null, new RpcError(-32700, `parse error: ${error.message}`)));
  }
  if (!Array.isArray(request)) {
    const response = await handleOne(request, methods);
    return response && stringifyWithRaw(response);
  }
  if (request.length === 0) return stringifyWithRaw(errorResponse(null, new RpcError(-32600, 'empty batch')));
  if (request.length > maxBatch) {
    return stringifyWithRaw(errorResponse(null, new RpcError(-32600, `batch too large (at most ${maxBatch} calls)`)));
  }
  const responses = (await Promise.all(request.map((one) => handleOne(one, methods)))).filter((r) => r !== undefined);
  return responses.length > 0 ? stringifyWithRaw(responses) : undefined;
}

