// Contracts the prompts know: the seeded examples (name, address, ABI from the node) and the workspace's
// Hardhat/Foundry artifacts (name, ABI, creation bytecode, constructor inputs), with their functions'
// selectors, for labelling transactions, offering functions and deploying. ABI parsing is core/abi's.
import type { AbiFileText } from '../abi/load';
import { loadAbis } from '../abi/load';
import { selectorOf, signatureOf } from '../abi/signature';
import { canonicalType, paramFromJson, type AbiFunction, type AbiParam } from '../abi/types';
import { isRecord } from './shapes';

interface KnownFunction {
  abi: AbiFunction;
  /** "0xa9059cbb". */
  selector: string;
  /** "transfer(address,uint256)". */
  signature: string;
}

export interface ContractInfo {
  name: string;
  /** Where it is deployed (seeded contracts); undefined for an artifact. */
  address?: string;
  functions: KnownFunction[];
  /** Artifacts: the creation bytecode (0x hex), when the artifact has one (not an interface). */
  bytecode?: string;
  constructorInputs: AbiParam[];
  /** "seeded example", or the artifact's path. */
  origin: string;
}

const maxContracts = 500;
const maxFunctions = 300;

/** `transfer(address to, uint256 value)`: the signature with argument names, for pickers. */
export const functionLabel = (fn: AbiFunction) =>
  `${fn.name}(${fn.inputs.map((input) => `${canonicalType(input.type)}${input.name ? ' ' + input.name : ''}`).join(', ')})`;

function constructorInputs(abi: unknown[], origin: string): AbiParam[] {
  const entry = abi.find((item) => isRecord(item) && item.type === 'constructor');
  if (!isRecord(entry) || !Array.isArray(entry.inputs)) return [];
  return entry.inputs.map((input, index) => paramFromJson(input, `${origin} constructor input ${index}`));
}

/** A contract from its ABI (bad entries are left out: core/abi tolerates them). */
export function contractFromAbi(
  name: string,
  abi: unknown[],
  origin: string,
  extra: { address?: string; bytecode?: string } = {},
): ContractInfo {
  const { entries } = loadAbis([{ file: origin, text: JSON.stringify(abi) }]);
  const functions = entries
    .map(({ entry }) => entry)
    .filter((entry): entry is AbiFunction => entry.kind === 'function')
    .slice(0, maxFunctions)
    .map((abiFunction) => ({ abi: abiFunction, selector: selectorOf(abiFunction), signature: signatureOf(abiFunction) }));
  let inputs: AbiParam[] = [];
  try {
    inputs = constructorInputs(abi, origin);
  } catch {
    // A constructor core/abi cannot read: the contract is still callable, only not deployable with arguments.
  }
  return { name, functions, constructorInputs: inputs, origin, ...extra };
}

/** Hardhat `bytecode: "0x…"` or Foundry `bytecode: {object: "0x…"}`; undefined when empty (an interface). */
function bytecodeOf(json: Record<string, unknown>): string | undefined {
  const raw = isRecord(json.bytecode) ? json.bytecode.object : json.bytecode;
  if (typeof raw !== 'string') return undefined;
  const hex = raw.startsWith('0x') ? raw : '0x' + raw;
  return /^0x([0-9a-fA-F]{2})+$/.test(hex) ? hex.toLowerCase() : undefined;
}

/** Contracts from scanned artifact files; files that are not artifacts or bare ABIs are skipped. */
export function artifactContracts(files: AbiFileText[]): ContractInfo[] {
  const contracts: ContractInfo[] = [];
  for (const { file, text } of files) {
    if (contracts.length >= maxContracts) break;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      continue;
    }
    const abi = Array.isArray(json) ? json : isRecord(json) && Array.isArray(json.abi) ? json.abi : undefined;
    if (!abi) continue;
    const base = file
      .split(/[\\/]/)
      .pop()!
      .replace(/(\.abi)?\.json$/, '');
    const name =
      isRecord(json) && typeof json.contractName === 'string' && /^[\w$]{1,100}$/.test(json.contractName) ? json.contractName : base;
    const contract = contractFromAbi(name, abi, file, { bytecode: isRecord(json) ? bytecodeOf(json) : undefined });
    if (contract.functions.length > 0 || contract.bytecode) contracts.push(contract);
  }
  return contracts;
}
