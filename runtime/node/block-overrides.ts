// debug_traceCall's `blockOverrides` (geth ≥ 1.16, its override.BlockOverrides): header fields the traced call
// sees instead of the block's. Read with geth's field names and decoding texts; applied as geth applies them
// to the call's block context only (with `txIndex`, the block's earlier transactions run in the block's own).
import type { CallBlock, TraceBlock } from '../evm/job';
import { type GoDecoder, goFieldName, goFixedBytes, goQuantity, type GoField } from './go-decode';
import { serverError } from './rpc-error';
import { toQuantity } from '../chain/hex';

export interface BlockOverrides {
  number?: bigint;
  difficulty?: bigint;
  time?: bigint;
  gasLimit?: bigint;
  feeRecipient?: string;
  prevRandao?: string;
  baseFeePerGas?: bigint;
  blobBaseFee?: bigint;
  /** Given (not null): geth refuses it for traceCall, after decoding. */
  beaconRoot?: string;
  withdrawals?: true;
}

/** Go's field names (no JSON tags: the keys match them case-insensitively) and how each decodes. */
const fields = {
  Number: '*hexutil.Big',
  Difficulty: '*hexutil.Big',
  Time: 'hexutil.Uint64',
  GasLimit: 'hexutil.Uint64',
  FeeRecipient: 'common.Address',
  PrevRandao: 'common.Hash',
  BaseFeePerGas: '*hexutil.Big',
  BlobBaseFee: '*hexutil.Big',
  BeaconRoot: 'common.Hash',
  Withdrawals: 'types.Withdrawals',
} as const;

type FieldName = keyof typeof fields;
const fieldNames = Object.keys(fields) as FieldName[];

const lowerFirst = (name: string) => name[0].toLowerCase() + name.slice(1);

/** Decodes `value` (the config's `blockOverrides` member, Go field TraceCallConfig.BlockOverrides); unknown
 * keys are ignored and null leaves a field unset, as in geth. Throws GoDecodeError with geth's text. */
export function decodeBlockOverrides(value: unknown, decoder: GoDecoder): BlockOverrides | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    decoder.wrongKind(value, { struct: 'TraceCallConfig', path: 'BlockOverrides' }, 'override.BlockOverrides');
    return undefined;
  }
  const overrides: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    const name = goFieldName(key, fieldNames);
    if (name === undefined) continue;
    const target = lowerFirst(name);
    if (member === null) {
      delete overrides[target];
      continue;
    }
    const field: GoField = { struct: 'BlockOverrides', path: `BlockOverrides.${name}` };
    const type = fields[name];
    if (type === 'types.Withdrawals') {
      // Refused whatever its withdrawals are; only a value that is no list fails to decode first.
      if (Array.isArray(member)) overrides[target] = true;
      else decoder.wrongKind(member, field, type);
    } else {
      overrides[target] =
        type === 'common.Address' || type === 'common.Hash' ? goFixedBytes(member, field, type) : goQuantity(member, field, type);
    }
  }
  return overrides as BlockOverrides;
}

/** The block context of the traced call: `block` with the overrides applied. geth's own checks first: it
 * refuses beaconRoot and withdrawals here (they need a block that is built, as eth_simulateV1 does). */
export function overriddenBlock(block: TraceBlock, overrides: BlockOverrides): CallBlock {
  if (overrides.beaconRoot !== undefined) throw serverError('block override "beaconRoot" is not supported for this RPC method');
  if (overrides.withdrawals) throw serverError('block override "withdrawals" is not supported for this RPC method');
  const merged = BigInt(block.difficulty ?? 0) === 0n;
  const result: CallBlock = { ...block };
  if (overrides.number !== undefined) result.number = toQuantity(overrides.number);
  // After the merge the EVM reads PREVRANDAO, never the difficulty: geth's override is a no-op there.
  if (overrides.difficulty !== undefined && !merged) result.difficulty = toQuantity(overrides.difficulty);
  if (overrides.time !== undefined) result.timestamp = toQuantity(overrides.time);
  if (overrides.gasLimit !== undefined) result.gasLimit = toQuantity(overrides.gasLimit);
  if (overrides.feeRecipient !== undefined) result.coinbase = overrides.feeRecipient;
  if (overrides.prevRandao !== undefined) {
    // geth takes a block with a PREVRANDAO as past the merge.
    result.prevRandao = overrides.prevRandao;
    result.difficulty = '0x0';
  }
  if (overrides.baseFeePerGas !== undefined) result.baseFeePerGas = toQuantity(overrides.baseFeePerGas);
  if (overrides.blobBaseFee !== undefined) result.blobBaseFee = toQuantity(overrides.blobBaseFee);
  return result;
}

/** geth's special case for a number override of the block's number + 1 (a wallet simulating the next block):
 * BLOCKHASH then answers the block's own hash for its number, as a chain would. */
export function nextBlockHash(block: TraceBlock & { hash: string }, overrides: BlockOverrides): Record<string, string> {
  if (overrides.number === undefined || BigInt.asUintN(64, overrides.number) !== BigInt.asUintN(64, BigInt(block.number) + 1n)) return {};
  return { [BigInt(block.number).toString()]: block.hash };
}
