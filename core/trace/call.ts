// The call object of debug_traceCall: read from user JSON, checked field by field, quantities as hex.
import { isHexData } from '../chain/shapes';

export interface CallObject {
  from?: string;
  to?: string;
  gas?: string;
  gasPrice?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
  value?: string;
  data?: string;
}

const addressFields = ['from', 'to'] as const;
const quantityFields = ['gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas', 'value'] as const;

/** A quantity given as a hex string, a decimal string or a JSON number, as a 0x hex quantity. */
export function toQuantity(value: unknown, what: string): string {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return `0x${value.toString(16)}`;
  if (typeof value === 'string') {
    const text = value.trim();
    if (/^0x[0-9a-f]+$/i.test(text)) return `0x${BigInt(text).toString(16)}`;
    if (/^\d+$/.test(text)) return `0x${BigInt(text).toString(16)}`;
  }
  throw new Error(`${what}: ${JSON.stringify(value)} is not a non-negative integer (decimal or 0x hex)`);
}

/** Checks a parsed call object: known fields only, addresses of 20 bytes, hex data, quantities. */
export function toCallObject(value: unknown, source = 'call'): CallObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${source}: expected a JSON object like {"from": "0x…", "to": "0x…", "data": "0x…"}`);
  }
  const input = value as Record<string, unknown>;
  const call: CallObject = {};
  for (const [key, field] of Object.entries(input)) {
    const where = `${source}.${key}`;
    if ((addressFields as readonly string[]).includes(key)) {
      if (typeof field !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(field))
        throw new Error(`${where}: expected a 0x-prefixed 20-byte address, got ${JSON.stringify(field)}`);
      call[key as (typeof addressFields)[number]] = field;
    } else if ((quantityFields as readonly string[]).includes(key)) {
      call[key as (typeof quantityFields)[number]] = toQuantity(field, where);
    } else if (key === 'data' || key === 'input') {
      if (!isHexData(field)) throw new Error(`${where}: expected 0x-prefixed hex bytes (an even number of digits)`);
      call.data = field;
    } else {
      throw new Error(`${where}: unknown field (use from, to, gas, gasPrice or maxFeePerGas/maxPriorityFeePerGas, value, data)`);
    }
  }
  if (call.gasPrice !== undefined && (call.maxFeePerGas !== undefined || call.maxPriorityFeePerGas !== undefined)) {
    throw new Error(`${source}: give either gasPrice or maxFeePerGas/maxPriorityFeePerGas, not both`);
  }
  return call;
}

/** debug_traceCall's block overrides: the header fields the call sees instead of its block's. geth ≥ 1.16 names
 * them as here; coreth (the C-Chain) takes `coinbase` and `baseFee` for feeRecipient and baseFeePerGas and
 * has no prevRandao. A node ignores the names it does not know. */
export interface BlockOverrides {
  number?: string;
  difficulty?: string;
  time?: string;
  gasLimit?: string;
  feeRecipient?: string;
  prevRandao?: string;
  baseFeePerGas?: string;
  blobBaseFee?: string;
  coinbase?: string;
  baseFee?: string;
}

const overrideQuantities = ['number', 'difficulty', 'time', 'gasLimit', 'baseFeePerGas', 'blobBaseFee', 'baseFee'] as const;
const overrideAddresses = ['feeRecipient', 'coinbase'] as const;
const overrideNames =
  'number, difficulty, time, gasLimit, feeRecipient, prevRandao, baseFeePerGas, blobBaseFee (geth), coinbase, baseFee (coreth)';

/** Checks block overrides: known names only (a misspelt one would be ignored by the node), quantities as 0x
 * hex. */
export function toBlockOverrides(value: unknown, source = 'block overrides'): BlockOverrides {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${source}: expected a JSON object like {"number": "0x…", "time": "0x…", "feeRecipient": "0x…"}`);
  }
  const overrides: BlockOverrides = {};
  for (const [key, field] of Object.entries(value)) {
    const where = `${source}.${key}`;
    if ((overrideQuantities as readonly string[]).includes(key)) {
      overrides[key as (typeof overrideQuantities)[number]] = toQuantity(field, where);
    } else if ((overrideAddresses as readonly string[]).includes(key)) {
      if (typeof field !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(field))
        throw new Error(`${where}: expected a 0x-prefixed 20-byte address, got ${JSON.stringify(field)}`);
      overrides[key as (typeof overrideAddresses)[number]] = field;
    } else if (key === 'prevRandao') {
      if (typeof field !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(field))
        throw new Error(`${where}: expected a 0x-prefixed 32-byte hash, got ${JSON.stringify(field)}`);
      overrides.prevRandao = field;
    } else {
      throw new Error(`${where}: unknown field; block overrides are ${overrideNames}`);
    }
  }
  return overrides;
}
