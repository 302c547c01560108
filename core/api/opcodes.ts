// geth's opcode names as log.op.toString() returns them (spec §9): fork-independent, KECCAK256 for 0x20,
// DIFFICULTY for 0x44 even after the Merge, and the EOF names geth v1.17 still has in its table (no fork
// runs them: as opcodes they are undefined). Bytes with no name print as "opcode 0xc not defined" (Go's
// %#x: no leading zero).
import type { OpcodeInfo } from './types';

const named: Array<[number, string]> = [
  [0x00, 'STOP'], [0x01, 'ADD'], [0x02, 'MUL'], [0x03, 'SUB'], [0x04, 'DIV'], [0x05, 'SDIV'], [0x06, 'MOD'],
  [0x07, 'SMOD'], [0x08, 'ADDMOD'], [0x09, 'MULMOD'], [0x0a, 'EXP'], [0x0b, 'SIGNEXTEND'],
  [0x10, 'LT'], [0x11, 'GT'], [0x12, 'SLT'], [0x13, 'SGT'], [0x14, 'EQ'], [0x15, 'ISZERO'], [0x16, 'AND'],
  [0x17, 'OR'], [0x18, 'XOR'], [0x19, 'NOT'], [0x1a, 'BYTE'], [0x1b, 'SHL'], [0x1c, 'SHR'], [0x1d, 'SAR'], [0x1e, 'CLZ'],
  [0x20, 'KECCAK256'],
  [0x30, 'ADDRESS'], [0x31, 'BALANCE'], [0x32, 'ORIGIN'], [0x33, 'CALLER'], [0x34, 'CALLVALUE'], [0x35, 'CALLDATALOAD'],
  [0x36, 'CALLDATASIZE'], [0x37, 'CALLDATACOPY'], [0x38, 'CODESIZE'], [0x39, 'CODECOPY'], [0x3a, 'GASPRICE'],
  [0x3b, 'EXTCODESIZE'], [0x3c, 'EXTCODECOPY'], [0x3d, 'RETURNDATASIZE'], [0x3e, 'RETURNDATACOPY'], [0x3f, 'EXTCODEHASH'],
  [0x40, 'BLOCKHASH'], [0x41, 'COINBASE'], [0x42, 'TIMESTAMP'], [0x43, 'NUMBER'], [0x44, 'DIFFICULTY'], [0x45, 'GASLIMIT'],
  [0x46, 'CHAINID'], [0x47, 'SELFBALANCE'], [0x48, 'BASEFEE'], [0x49, 'BLOBHASH'], [0x4a, 'BLOBBASEFEE'], [0x4b, 'SLOTNUM'],
  [0x50, 'POP'], [0x51, 'MLOAD'], [0x52, 'MSTORE'], [0x53, 'MSTORE8'], [0x54, 'SLOAD'], [0x55, 'SSTORE'], [0x56, 'JUMP'],
  [0x57, 'JUMPI'], [0x58, 'PC'], [0x59, 'MSIZE'], [0x5a, 'GAS'], [0x5b, 'JUMPDEST'], [0x5c, 'TLOAD'], [0x5d, 'TSTORE'],
  [0x5e, 'MCOPY'], [0x5f, 'PUSH0'],
  [0xd0, 'DATALOAD'], [0xd1, 'DATALOADN'], [0xd2, 'DATASIZE'], [0xd3, 'DATACOPY'],
  [0xe0, 'RJUMP'], [0xe1, 'RJUMPI'], [0xe2, 'RJUMPV'], [0xe3, 'CALLF'], [0xe4, 'RETF'], [0xe5, 'JUMPF'],
  [0xe6, 'DUPN'], [0xe7, 'SWAPN'], [0xe8, 'EXCHANGE'], [0xec, 'EOFCREATE'], [0xee, 'RETURNCONTRACT'],
  [0xf0, 'CREATE'], [0xf1, 'CALL'], [0xf2, 'CALLCODE'], [0xf3, 'RETURN'], [0xf4, 'DELEGATECALL'], [0xf5, 'CREATE2'],
  [0xf7, 'RETURNDATALOAD'], [0xf8, 'EXTCALL'], [0xf9, 'EXTDELEGATECALL'], [0xfa, 'STATICCALL'], [0xfb, 'EXTSTATICCALL'],
  [0xfd, 'REVERT'], [0xfe, 'INVALID'], [0xff, 'SELFDESTRUCT'],
];

function family(prefix: string, first: number, count: number, start: number): Array<[number, string]> {
  return Array.from({ length: count }, (_, i) => [first + i, `${prefix}${start + i}`]);
}

export const opcodes: OpcodeInfo[] = [
  ...named,
  ...family('PUSH', 0x60, 32, 1),
  ...family('DUP', 0x80, 16, 1),
  ...family('SWAP', 0x90, 16, 1),
  ...family('LOG', 0xa0, 5, 0),
]
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.code - b.code);

const byName = new Map(opcodes.map((o) => [o.name, o]));

export function opcodeByName(name: string): OpcodeInfo | undefined {
  return byName.get(name);
}

