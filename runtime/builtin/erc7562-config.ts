// erc7562Tracer's `tracerConfig` as geth decodes it: `ignoredOpcodes` as hex quantities (absent means geth's
// default list), `withLog`, and `stackTopItemsSize`, checked only: the result never shows more than the top item.
import { parseConfig, type ConfigError } from './config';

export interface Erc7562Config {
  ignoredOpcodes: Set<number>;
  withLog: boolean;
}

const PUSH0 = 0x5f,
  SWAP16 = 0x9f;
// POP ADD SUB MUL DIV EQ LT GT SLT SGT SHL SHR AND OR NOT ISZERO, plus every PUSH, DUP and SWAP.
const defaultIgnored = [0x50, 0x01, 0x03, 0x02, 0x04, 0x14, 0x10, 0x11, 0x12, 0x13, 0x1b, 0x1c, 0x16, 0x17, 0x19, 0x15];

function defaultIgnoredOpcodes(): Set<number> {
  const set = new Set(defaultIgnored);
  for (let op = PUSH0; op <= SWAP16; op++) set.add(op);
  return set;
}

const goType = 'native.erc7562TracerConfig';

function field(key: string, value: unknown, kind: string): ConfigError {
  const found = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value === 'boolean' ? 'bool' : typeof value;
  return { error: `json: cannot unmarshal ${found} into Go struct field erc7562TracerConfig.${key} of type ${kind}` };
}

/** A hexutil.Uint64: a 0x-prefixed hex string without leading zeros. */
function hexQuantity(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^0x(0|[1-9a-fA-F][0-9a-fA-F]{0,15})$/.test(value)) return undefined;
  return Number(BigInt(value));
}

export function erc7562Config(text: string | undefined): Erc7562Config | ConfigError {
  const parsed = parseConfig(text);
  if ('error' in parsed) return parsed;
  const config: Erc7562Config = { ignoredOpcodes: defaultIgnoredOpcodes(), withLog: false };
  const value = parsed.value;
  if (value === null) return config;
  if (typeof value !== 'object' || Array.isArray(value))
    return { error: `json: cannot unmarshal ${Array.isArray(value) ? 'array' : typeof value} into Go value of type ${goType}` };
  for (const [key, item] of Object.entries(value)) {
    if (item === null) continue;
    const name = key.toLowerCase();
    if (name === 'stacktopitemssize') {
      if (typeof item !== 'number' || !Number.isInteger(item)) return field('stackTopItemsSize', item, 'int');
    } else if (name === 'withlog') {
      if (typeof item !== 'boolean') return field('withLog', item, 'bool');
      config.withLog = item;
    } else if (name === 'ignoredopcodes') {
      if (!Array.isArray(item)) return field('ignoredOpcodes', item, '[]hexutil.Uint64');
      const ops = item.map(hexQuantity);
      const bad = ops.indexOf(undefined);
      if (bad >= 0)
        return {
          error: `json: cannot unmarshal ${JSON.stringify(item[bad])} into Go struct field erc7562TracerConfig.ignoredOpcodes of type hexutil.Uint64`,
        };
      config.ignoredOpcodes = new Set(ops as number[]);
    }
  }
  return config;
}
