// A block header as a JSON-RPC answer (eth_getBlockBy*) gives it, checked field by field as geth decodes one:
// quantities in hex within their Go types, hashes of 32 bytes, the miner of 20. An upstream's answer is input:
// a malformed field is refused by name rather than reaching the EVM, the fork cache or a client as it came.
import { parseRpcBytes, parseRpcQuantity } from './hex';

export interface RpcHeader {
  number: bigint;
  hash: string;
  timestamp: bigint;
  gasLimit: bigint;
  /** The fields below are optional here (some nodes leave them out): each user says what it does without them. */
  parentHash?: string;
  miner?: string;
  difficulty?: bigint;
  mixHash?: string;
  baseFeePerGas?: bigint;
  excessBlobGas?: bigint;
  parentBeaconBlockRoot?: string;
}

/** `block`'s header fields, checked; `where` names the block in errors. */
export function rpcHeader(block: Record<string, unknown>, where: string): RpcHeader {
  const at = (field: string) => `${where}: ${field}`;
  const uint64 = (field: string) => parseRpcQuantity(block[field], at(field), 64);
  const uint256 = (field: string) => parseRpcQuantity(block[field], at(field), 256);
  const hash = (field: string) => parseRpcBytes(block[field], at(field), 32);
  const optional = <T>(field: string, parse: (field: string) => T) =>
    block[field] === undefined || block[field] === null ? undefined : parse(field);
  return {
    number: uint64('number'),
    hash: hash('hash'),
    timestamp: uint64('timestamp'),
    gasLimit: uint64('gasLimit'),
    parentHash: optional('parentHash', hash),
    miner: optional('miner', (field) => parseRpcBytes(block[field], at(field), 20)),
    difficulty: optional('difficulty', uint256),
    mixHash: optional('mixHash', hash),
    baseFeePerGas: optional('baseFeePerGas', uint256),
    excessBlobGas: optional('excessBlobGas', uint64),
    parentBeaconBlockRoot: optional('parentBeaconBlockRoot', hash),
  };
}
