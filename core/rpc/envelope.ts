// JSON-RPC 2.0 envelopes: the request body, and the checks on an answer (JSON, id, result or error).
import { fromRpcError, NodeError, type RpcErrorObject } from './errors';
import { foreignJson, shownText, type Masker } from './shown-text';

export type RpcParams = unknown[] | Record<string, unknown>;

export function encodeRequest(id: number, method: string, params: RpcParams): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method, params });
}

interface Answer {
  id?: unknown;
  result?: unknown;
  error?: RpcErrorObject;
}

function isRpcError(value: unknown): value is RpcErrorObject {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RpcErrorObject).code === 'number' &&
    typeof (value as RpcErrorObject).message === 'string'
  );
}

/** Parses a body as a JSON-RPC answer object, or undefined when it is not JSON at all. */
export function parseAnswer(body: string): Answer | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Answer) : {};
  } catch {
    return undefined;
  }
}

export function notJsonError(body: string, mask: Masker, where: string, contentType?: string): NodeError {
  const type = contentType ? ` (${contentType})` : '';
  const text = shownText(body, mask, 160);
  const shown = text ? `; it begins: ${text}` : '; the body is empty';
  return new NodeError(
    'not-json',
    `the answer from ${where} is not JSON${type}${shown}`,
    'A JSON-RPC endpoint answers with JSON; this looks like a web page or a proxy error: check the URL.',
  );
}

/**
 * The result of `answer` to request `id`, or the classified error: a JSON-RPC error object, an answer to
 * another id, or an answer with neither result nor error. `mask` hides secrets echoed by the node.
 */
export function settleAnswer(answer: Answer, id: number, method: string, where: string, mask: Masker): unknown {
  if (answer.id !== id && !(answer.id === null && answer.error)) {
    throw new NodeError(
      'protocol',
      `id mismatch from ${where}: sent ${id}, got ${answer.id === undefined ? 'none' : shownText(foreignJson(answer.id), mask, 80)}`,
      'The answer belongs to another request; the node or a proxy mixed up answers.',
    );
  }
  if (answer.error !== undefined) {
    if (!isRpcError(answer.error)) {
      throw new NodeError(
        'protocol',
        `malformed JSON-RPC error from ${where}: ${shownText(foreignJson(answer.error), mask, 200)}`,
        'The error object lacks a numeric code or a message.',
      );
    }
    throw fromRpcError(answer.error, method, mask);
  }
  if (!('result' in answer)) {
    throw new NodeError('protocol', `answer from ${where} has neither result nor error`, 'The body is JSON but not a JSON-RPC 2.0 answer.');
  }
  return answer.result;
}
