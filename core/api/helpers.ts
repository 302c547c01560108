// The seven helper globals geth installs (spec §3.6). "Buffer" = Uint8Array or plain Array.
import type { ApiMember, ApiParam } from './types';

const UNCATCHABLE = 'Its errors interrupt the tracer: try/catch does not catch them.';
const NO_ARG = 'Omitting the argument crashes the node-side tracer (Go panic); undefined/null gives a catchable TypeError.';
const bufferOrHex = (name: string, role: string): ApiParam => ({ name, accepts: 'Uint8Array | Array | hex string', role });

export const helpers: ApiMember[] = [
  {
    name: 'toHex',
    kind: 'method',
    returns: 'string',
    hostString: true,
    params: [{ name: 'buf', accepts: 'Uint8Array | Array', role: 'bytes to encode', bytesOnly: true }],
    description: 'Lowercase "0x…" hex of the bytes ("0x" when empty).',
    pitfalls: [
      'Strings are rejected with "invalid buffer type" (uncatchable): toHex("0x12") fails on the node.',
      'The result is a host string: `return toHex(x)` from result() gives {} for 8 bytes or more; return toHex(x) + "" or {hex: toHex(x)}.',
      NO_ARG,
    ],
  },
  {
    name: 'toWord',
    kind: 'method',
    returns: 'Uint8Array',
    params: [bufferOrHex('x', 'bytes or hex')],
    description: 'A 32-byte Uint8Array: left-padded, or the last 32 bytes of a longer input.',
    pitfalls: [NO_ARG],
  },
  {
    name: 'toAddress',
    kind: 'method',
    returns: 'Uint8Array',
    params: [bufferOrHex('x', 'bytes or hex')],
    description: 'A 20-byte Uint8Array: left-padded, or the last 20 bytes of a longer input.',
    pitfalls: [NO_ARG],
  },
  {
    name: 'toContract',
    kind: 'method',
    returns: 'Uint8Array',
    params: [bufferOrHex('from', 'creator address'), { name: 'nonce', accepts: 'number', role: "creator's nonce" }],
    description: 'The address a CREATE from `from` with `nonce` makes: keccak(rlp([from, nonce]))[12:].',
    pitfalls: [NO_ARG],
  },
  {
    name: 'toContract2',
    kind: 'method',
    returns: 'Uint8Array',
    params: [
      bufferOrHex('from', 'creator address'),
      { name: 'salt', accepts: 'hex string', role: 'salt; converted to a string and read as hex' },
      bufferOrHex('initcode', 'init code'),
    ],
    description: 'The address a CREATE2 makes from creator, salt and keccak256(initcode).',
    pitfalls: [
      'The salt is stringified and parsed as hex: a bigInt or number is written in decimal and then misread as hex. Pass a hex string.',
      NO_ARG,
    ],
  },
  {
    name: 'isPrecompiled',
    kind: 'method',
    returns: 'boolean',
    params: [bufferOrHex('addr', 'address')],
    description: "True if the address is one of the fork's precompiles for the traced block.",
    pitfalls: ['Always false before the transaction starts (e.g. in setup); ignores state-override precompile moves.', NO_ARG],
  },
  {
    name: 'slice',
    kind: 'method',
    returns: 'Uint8Array',
    params: [
      { name: 'buf', accepts: 'Uint8Array | Array', role: 'bytes to cut', bytesOnly: true },
      { name: 'start', accepts: 'number', role: 'first index' },
      { name: 'end', accepts: 'number', role: 'index after the last' },
    ],
    description: 'A copy of buf[start, end).',
    pitfalls: [
      'Strings are rejected with "invalid buffer type" (uncatchable).',
      'start < 0, start > end or end > length fails with "Tracer accessed out of bound memory" (capital T).',
      UNCATCHABLE,
    ],
  },
];
