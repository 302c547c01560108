// Hand-assembled contracts whose call tree has every frame kind the call tracers report: logs, a nested
// call, a call that reverts with Error("nope"), a DELEGATECALL, CREATE2 of a contract that SELFDESTRUCTs
// when called, a STATICCALL of the sha256 precompile and a CALL that fails its balance pre-check.
// Deployed by one account from nonce 0 (the contracts call each other at the addresses that gives): by default
// the first dev account, so the addresses are the same on every fresh dev node.
import { bytesToHex, createAddressFromString, generateAddress } from '@ethereumjs/util';

const ops: Record<string, number> = {
  STOP: 0x00,
  SHL: 0x1b,
  CALLER: 0x33,
  POP: 0x50,
  MSTORE: 0x52,
  GAS: 0x5a,
  CODECOPY: 0x39,
  DUP1: 0x80,
  DUP6: 0x85,
  LOG0: 0xa0,
  LOG1: 0xa1,
  CREATE2: 0xf5,
  CALL: 0xf1,
  RETURN: 0xf3,
  DELEGATECALL: 0xf4,
  STATICCALL: 0xfa,
  REVERT: 0xfd,
  SELFDESTRUCT: 0xff,
};

/** Opcode names and pushes (`0x…` hex pushes itself with the smallest PUSHn). */
function assemble(items: Array<string | number>): string {
  let out = '';
  for (const item of items) {
    if (typeof item === 'number' || item.startsWith('0x')) {
      let hex = typeof item === 'number' ? item.toString(16) : item.slice(2);
      if (hex.length % 2) hex = '0' + hex;
      out += (0x5f + hex.length / 2).toString(16) + hex;
    } else {
      if (ops[item] === undefined) throw new Error(`unknown opcode ${item}`);
      out += ops[item].toString(16).padStart(2, '0');
    }
  }
  return out;
}

/** Init code that deploys `runtime` (hex without 0x) as is. */
export function deployer(runtime: string): string {
  const size = (runtime.length / 2).toString(16).padStart(4, '0');
  return '0x' + `61${size}80600c6000396000f3` + runtime;
}

export const selector = '0xdeadbeef';

/** Logs 42 with topic 0x42 and returns it. */
const logger = assemble([42, 0, 'MSTORE', 0x42, 32, 0, 'LOG1', 32, 0, 'RETURN']);
/** Logs, then reverts with Error("nope"). */
const reverter = assemble([
  0,
  0,
  'LOG0',
  '0x08c379a0',
  0xe0,
  'SHL',
  0,
  'MSTORE',
  0x20,
  4,
  'MSTORE',
  4,
  36,
  'MSTORE',
  '0x6e6f7065',
  0xe0,
  'SHL',
  68,
  'MSTORE',
  100,
  0,
  'REVERT',
]);
/** Init code of a contract whose code is CALLER SELFDESTRUCT (11 bytes). */
const destructibleInit = assemble(['0x33ff', 0, 'MSTORE', 2, 30, 'RETURN']);

function callWithSelector(op: 'CALL' | 'DELEGATECALL', to: string, value?: number): Array<string | number> {
  const valueArg = op === 'CALL' ? [value ?? 0] : [];
  return [32, 0x100, 36, 0, ...valueArg, to, 'GAS', op, 'POP'];
}

export interface CallContracts {
  loggerAddress: string;
  reverterAddress: string;
  entryAddress: string;
  /** Init codes to send in this order from nonce 0; then a call to entryAddress makes the call tree. */
  deployments: string[];
}

/** The contracts as `deployerAccount` deploys them from nonce 0. */
export function callContracts(deployerAccount: string): CallContracts {
  const addressAt = (nonce: number) =>
    bytesToHex(generateAddress(createAddressFromString(deployerAccount).bytes, new Uint8Array(nonce === 0 ? [] : [nonce])));
  const [loggerAddress, reverterAddress, entryAddress] = [addressAt(0), addressAt(1), addressAt(2)];
  const entry = assemble([
    selector,
    0xe0,
    'SHL',
    0,
    'MSTORE', // call data for the calls below: selector + one zero word
    1,
    0,
    0,
    'LOG1',
    ...callWithSelector('CALL', loggerAddress),
    ...callWithSelector('CALL', reverterAddress),
    ...callWithSelector('DELEGATECALL', loggerAddress),
    `0x${destructibleInit}`,
    0x40,
    'MSTORE',
    7,
    11,
    0x40 + 21,
    0,
    'CREATE2', // salt 7, init code at 0x55..0x5f
    0,
    0,
    0,
    0,
    0,
    'DUP6',
    'GAS',
    'CALL',
    'POP',
    'POP',
    32,
    0x80,
    4,
    0,
    2,
    'GAS',
    'STATICCALL',
    'POP',
    0,
    0,
    0,
    0,
    1,
    loggerAddress,
    'GAS',
    'CALL',
    'POP', // 1 wei from an account with none: the pre-check fails
    'STOP',
  ]);
  return { loggerAddress, reverterAddress, entryAddress, deployments: [deployer(logger), deployer(reverter), deployer(entry)] };
}

export const deployerAccount = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
export const { loggerAddress, reverterAddress, entryAddress, deployments } = callContracts(deployerAccount);
