// debug_traceCall's `blockOverrides`: header fields the traced call sees instead of the block's. Read with the
// target's field names and decoding texts (geth ≥ 1.16's override.BlockOverrides; coreth's, geth v1.13's) and
// applied as that client applies them, to the call's block context only (with `txIndex`, the block's earlier
// transactions run in the block's own).
import type { CallBlock, TraceBlock } from '../evm/job';
import type { TargetTraits } from '../evm/target';
import { type GoDecoder, goFieldName, goFixedBytes, goQuantity, type GoField } from './go-decode';
import { handlerCrashed, serverError } from './rpc-error';
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

type GoType = '*hexutil.Big' | 'hexutil.Uint64' | 'common.Address' | 'common.Hash' | 'types.Withdrawals';

type Fields = Record<string, [GoType, keyof BlockOverrides]>;

/** The fields both clients name alike. */
const sharedFields: Fields = {
  Number: ['*hexutil.Big', 'number'],
  Difficulty: ['*hexutil.Big', 'difficulty'],
  Time: ['hexutil.Uint64', 'time'],
  GasLimit: ['hexutil.Uint64', 'gasLimit'],
  BlobBaseFee: ['*hexutil.Big', 'blobBaseFee'],
};

/** Each client's Go field names (no JSON tags: the keys match them case-insensitively), how each decodes and
 * the override it sets. coreth names the fee recipient `Coinbase` and the base fee `BaseFee`, and has no
 * PrevRandao, BeaconRoot or Withdrawals (those keys are ignored there, as any unknown one). */
const clientFields: Record<TargetTraits['blockOverrides'], Fields> = {
  'geth-1.17': {
    ...sharedFields,
    FeeRecipient: ['common.Address', 'feeRecipient'],
    PrevRandao: ['common.Hash', 'prevRandao'],
    BaseFeePerGas: ['*hexutil.Big', 'baseFeePerGas'],
    BeaconRoot: ['common.Hash', 'beaconRoot'],
    Withdrawals: ['types.Withdrawals', 'withdrawals'],
  },
  'geth-1.13': { ...sharedFields, Coinbase: ['common.Address', 'feeRecipient'], BaseFee: ['*hexutil.Big', 'baseFeePerGas'] },
};

/** Each client's Go type of the overrides. */
const structTypes: Record<TargetTraits['blockOverrides'], string> = {
  'geth-1.17': 'override.BlockOverrides',
  'geth-1.13': 'ethapi.BlockOverrides',
};

/** Decodes `value` (the config's `blockOverrides` member, Go field TraceCallConfig.BlockOverrides) with the
 * fields of `client`; unknown keys are ignored and null leaves a field unset, as in geth. Throws
 * GoDecodeError with the client's text. */
export function decodeBlockOverrides(
  value: unknown,
  decoder: GoDecoder,
  client: TargetTraits['blockOverrides'],
): BlockOverrides | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    decoder.wrongKind(value, { struct: 'TraceCallConfig', path: 'BlockOverrides' }, structTypes[client]);
    return undefined;
  }
  const fields = clientFields[client];
  const fieldNames = Object.keys(fields);
  const overrides: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    const name = goFieldName(key, fieldNames);
    if (name === undefined) continue;
    const [type, target] = fields[name];
    if (member === null) {
      delete overrides[target];
      continue;
    }
    const field: GoField = { struct: 'BlockOverrides', path: `BlockOverrides.${name}` };
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

/** coreth reads the number override through a nil pointer when there is none, once the block is known and
 * before anything else of the call: `method handler crashed`. */
export function checkNumberOverride(overrides: BlockOverrides, client: TargetTraits['blockOverrides']): void {
  if (client === 'geth-1.13' && overrides.number === undefined) throw handlerCrashed();
}

/** The block context of the traced call: `block` with the overrides applied. geth's own checks first: it
 * refuses beaconRoot and withdrawals here (they need a block that is built, as eth_simulateV1 does; coreth
 * has neither). */
export function overriddenBlock(block: TraceBlock, overrides: BlockOverrides, client: TargetTraits['blockOverrides']): CallBlock {
  if (overrides.beaconRoot !== undefined) throw serverError('block override "beaconRoot" is not supported for this RPC method');
  if (overrides.withdrawals) throw serverError('block override "withdrawals" is not supported for this RPC method');
  // coreth (geth v1.13) sets the difficulty whatever the block's is (the C-Chain's genesis has none).
  const merged = client === 'geth-1.17' && BigInt(block.difficulty ?? 0) === 0n;
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
