// Positional JSON-RPC params read with geth's -32602 messages ("invalid argument N: ...").
import { isHexData } from '../../core/chain/shapes';
import type { CallObject } from '../evm/job';
import { invalidParams } from './rpc-error';
import { accessList } from './access-list';

export type BlockRef = { tag: 'latest' | 'earliest' | 'pending' } | { number: bigint } | { hash: string };

const fail = (index: number, reason: string): never => {
  throw invalidParams(`invalid argument ${index}: ${reason}`);
};

export function requireCount(params: unknown[], min: number, max: number) {
  if (params.length < min) throw invalidParams(`missing value for required argument ${params.length}`);
  if (params.length > max) throw invalidParams(`too many arguments, want at most ${max}`);
}

function hexQuantity(value: unknown, index: number): bigint {
  if (typeof value !== 'string') return fail(index, `json: cannot unmarshal ${typeof value} into a hex quantity`);
  if (!value.startsWith('0x')) return fail(index, 'hex string without 0x prefix');
  if (!/^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$/.test(value)) return fail(index, value === '0x' ? 'hex string "0x"' : 'invalid hex quantity');
  return BigInt(value);
}

export function hexData(value: unknown, index: number): string {
  if (!isHexData(value)) return fail(index, 'expected 0x-prefixed hex bytes of even length');
  return value.toLowerCase();
}

export function address(value: unknown, index: number): string {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value)) return fail(index, 'expected a 0x-prefixed 20-byte hex address');
  return value.toLowerCase();
}

export function hash(value: unknown, index: number): string {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(value)) return fail(index, 'expected a 0x-prefixed 32-byte hex hash');
  return value.toLowerCase();
}

/** 32-byte storage slot, given as a hex quantity or word. */
export function slot(value: unknown, index: number): string {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value))
    return fail(index, 'expected a hex storage slot of up to 32 bytes');
  return '0x' + value.slice(2).toLowerCase().padStart(64, '0');
}

export function blockRef(value: unknown, index: number): BlockRef {
  if (value === undefined || value === 'latest' || value === 'safe' || value === 'finalized') return { tag: 'latest' };
  if (value === 'earliest' || value === 'pending') return { tag: value };
  if (typeof value === 'object' && value !== null) {
    const ref = value as { blockHash?: unknown; blockNumber?: unknown };
    if (ref.blockHash !== undefined) return { hash: hash(ref.blockHash, index) };
    if (ref.blockNumber !== undefined) return blockRef(ref.blockNumber, index);
  }
  if (typeof value === 'string' && value.startsWith('0x')) return { number: hexQuantity(value, index) };
  return fail(index, `invalid block number or tag ${JSON.stringify(value)}`);
}

export function boolean(value: unknown, index: number): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') return fail(index, 'expected true or false');
  return value;
}

const callFields = ['from', 'to', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas', 'value', 'data', 'input', 'nonce'] as const;

/** A transaction call object; quantities and data are checked, unknown fields ignored (as geth). */
export function callObject(value: unknown, index: number): CallObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(index, 'expected a call object');
  const given = value as Record<string, unknown>;
  const call: CallObject = {};
  for (const field of callFields) {
    const item = given[field];
    if (item === undefined || item === null) continue;
    if (field === 'from' || field === 'to') call[field] = address(item, index);
    else if (field === 'data' || field === 'input') call[field] = hexData(item, index);
    else call[field] = '0x' + hexQuantity(item, index).toString(16);
  }
  const list = accessList(given.accessList, index);
  if (list) call.accessList = list;
  if (call.data !== undefined && call.input !== undefined && call.data !== call.input) {
    return fail(index, 'both "data" and "input" are set and not equal. Please use "input" to pass transaction call data');
  }
  return call;
}
