// ABI entries from file texts: a bare ABI array (`*.abi.json`) or an artifact object with an `abi` field
// (Hardhat `artifacts/**/*.json`, Foundry `out/**/*.json`). Tolerant: a file or entry that is not an ABI
// is skipped and named in `problems`, never fatal.
import { paramFromJson, type AbiEntry } from './types';

export interface AbiFileText {
  file: string;
  text: string;
}

interface LoadedAbis {
  entries: Array<{ entry: AbiEntry; source: string }>;
  /** Files or entries skipped, with why. */
  problems: string[];
}

interface JsonEntry {
  type?: unknown;
  name?: unknown;
  inputs?: unknown;
  outputs?: unknown;
  anonymous?: unknown;
}

function entryFromJson(raw: unknown, where: string): AbiEntry | undefined {
  const item = (raw ?? {}) as JsonEntry;
  const kind = item.type ?? 'function';
  if (kind !== 'function' && kind !== 'event' && kind !== 'error') return undefined; // constructor, fallback, receive
  if (typeof item.name !== 'string' || !/^[A-Za-z_$][\w$]*$/.test(item.name)) throw new Error(`${where}: ${kind} without a valid name`);
  const params = (list: unknown, what: string) => {
    if (list === undefined) return [];
    if (!Array.isArray(list)) throw new Error(`${where}: ${what} is not an array`);
    return list.map((p, i) => paramFromJson(p, `${where} ${item.name as string} ${what}[${i}]`));
  };
  const inputs = params(item.inputs, 'inputs');
  if (kind === 'event') return { kind, name: item.name, inputs, anonymous: item.anonymous === true };
  if (kind === 'error') return { kind, name: item.name, inputs };
  return { kind, name: item.name, inputs, outputs: params(item.outputs, 'outputs') };
}

/** The ABI array inside parsed JSON, or undefined when the file holds none. */
function abiArray(json: unknown): unknown[] | undefined {
  if (Array.isArray(json)) return json;
  if (json && typeof json === 'object' && Array.isArray((json as { abi?: unknown }).abi)) return (json as { abi: unknown[] }).abi;
  return undefined;
}

export function loadAbis(files: AbiFileText[]): LoadedAbis {
  const loaded: LoadedAbis = { entries: [], problems: [] };
  for (const { file, text } of files) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      loaded.problems.push(`${file}: not JSON (${(error as Error).message})`);
      continue;
    }
    const abi = abiArray(json);
    if (!abi) continue; // build-info, debug files and other JSON: not an ABI, not a problem
    abi.forEach((raw, i) => {
      try {
        const entry = entryFromJson(raw, `${file} [${i}]`);
        if (entry) loaded.entries.push({ entry, source: file });
      } catch (error) {
        loaded.problems.push((error as Error).message);
      }
    });
  }
  return loaded;
}
