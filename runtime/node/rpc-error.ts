// JSON-RPC error objects with the standard codes and geth's messages.

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const invalidParams = (message: string) => new RpcError(-32602, message);
/** geth's code for errors a method returns (execution failures, unknown blocks, tracing failures). */
export const serverError = (message: string, data?: unknown) => new RpcError(-32000, message, data);
/** geth's answer for a method that panicked (its RPC server recovers the panic): what coreth's nil pointers
 * give. */
export const handlerCrashedText = 'method handler crashed';
export const handlerCrashed = () => new RpcError(-32603, handlerCrashedText);
/** An answer larger than --max-response-bytes. */
export const responseTooLarge = -32003;
