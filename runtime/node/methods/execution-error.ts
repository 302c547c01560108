// A failed call as geth reports it: reverts are JSON-RPC error 3 "execution reverted[: reason]" with the
// revert data; other EVM failures are -32000 with geth's text.
import type { CallOutcome } from '../../evm/dev-work';
import { gethError } from '../../evm/errors';
import { RpcError, serverError } from '../rpc-error';

const errorSelector = '0x08c379a0';

/** The string of a Solidity `Error(string)` revert, if the data is one. */
function revertReason(data: string): string | undefined {
  if (!data.startsWith(errorSelector) || data.length < 10 + 128) return undefined;
  const body = data.slice(10);
  const length = Number(BigInt('0x' + body.slice(64, 128)));
  const text = body.slice(128, 128 + length * 2);
  if (text.length !== length * 2) return undefined;
  return Buffer.from(text, 'hex').toString('utf8');
}

export function executionError({ error, returnValue }: CallOutcome): RpcError | undefined {
  if (!error) return undefined;
  if (error === 'revert') {
    const reason = revertReason(returnValue);
    return new RpcError(3, reason === undefined ? 'execution reverted' : `execution reverted: ${reason}`, returnValue);
  }
  return serverError(gethError(error, undefined));
}
