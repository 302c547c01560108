// The host objects a tracer receives (log and its parts, db, ctx, call frames, frame results) as geth
// exposes them: what each member returns and what goes wrong on the node. Source: the spec, §3.1–§3.5.
import type { ApiMember, ApiObject, ApiParam } from './types';

const UNCATCHABLE = 'Errors from this host method interrupt the tracer: a surrounding try/catch does not catch them.';
const NUMBER_ARG = 'Arguments are converted with ToNumber and truncated; a missing one counts as 0.';
const FRESH_BYTES = 'Returns a fresh Uint8Array; it serialises as an index object {"0":…}, so wrap it in toHex() for output.';

function method(
  name: string,
  params: ApiParam[],
  returns: ApiMember['returns'],
  description: string,
  extra: Partial<ApiMember> = {},
): ApiMember {
  return { name, kind: 'method', params, returns, description, ...extra };
}

const address: ApiParam = {
  name: 'addr',
  accepts: 'Uint8Array | Array',
  role: 'account address (normalised to 20 bytes)',
  bytesOnly: true,
};

const log: ApiObject = {
  name: 'log',
  label: 'log',
  description:
    'The current EVM step, passed to step() and fault(). One object is reused for every step: a reference kept for later shows the latest values.',
  members: [
    {
      name: 'op',
      kind: 'property',
      returns: 'op',
      description: 'The opcode about to execute.',
      pitfalls: ['It is an object, not a string: compare log.op.toString() (or toNumber()) instead of log.op itself.'],
    },
    { name: 'stack', kind: 'property', returns: 'stack', description: 'A view of the EVM stack before the opcode runs.' },
    { name: 'memory', kind: 'property', returns: 'memory', description: 'A view of memory before this opcode expands it.' },
    { name: 'contract', kind: 'property', returns: 'contract', description: 'The executing frame: address, caller, value and input.' },
    method('getPC', [], 'number', 'Program counter of the opcode.'),
    method('getGas', [], 'number', 'Gas available before this opcode.', { pitfalls: ['Values above 2^53 lose precision.'] }),
    method('getCost', [], 'number', 'Gas this opcode costs: constant plus dynamic part.'),
    method('getDepth', [], 'number', 'Call depth; top-level code is depth 1.'),
    method('getRefund', [], 'number', 'Refund counter before this opcode.'),
    method('getError', [], 'string', 'Error text when the opcode fails, otherwise undefined.', {
      orUndefined: true,
      hostString: true,
      pitfalls: [
        'A host string: returning it directly from result() gives {} when longer than 16 characters; use x + "" or wrap it in an object.',
      ],
    }),
  ],
};

const op: ApiObject = {
  name: 'op',
  label: 'log.op',
  description: 'The opcode of the current step.',
  members: [
    method('toNumber', [], 'number', 'The opcode byte, e.g. 0xf1 for CALL.'),
    method(
      'toString',
      [],
      'string',
      "geth's opcode name, e.g. 'CALL', 'KECCAK256', 'DIFFICULTY' for 0x44; undefined bytes give 'opcode 0xef not defined'.",
    ),
    method('isPush', [], 'boolean', 'True for PUSH0 (0x5f) through PUSH32.'),
  ],
};

const stack: ApiObject = {
  name: 'stack',
  label: 'log.stack',
  description: 'The EVM stack as it is before the opcode executes.',
  members: [
    method(
      'peek',
      [{ name: 'i', accepts: 'number', role: 'position from the top, 0 = top' }],
      'bigInt',
      'The i-th item from the top as an unsigned 256-bit bigInt.',
      {
        pitfalls: ['i < 0 or i >= length() fails with "tracer accessed out of bound stack: size S, index I".', UNCATCHABLE, NUMBER_ARG],
      },
    ),
    method('length', [], 'number', 'Number of stack items.'),
  ],
};

const memory: ApiObject = {
  name: 'memory',
  label: 'log.memory',
  description: "The frame's memory before this opcode's expansion.",
  members: [
    method(
      'slice',
      [
        { name: 'start', accepts: 'number', role: 'first byte offset' },
        { name: 'end', accepts: 'number', role: 'offset after the last byte' },
      ],
      'Uint8Array',
      'A copy of the bytes [start, end); bytes past the end of memory read as zero.',
      {
        pitfalls: [
          'start < 0 or end < start fails with "tracer accessed out of bound memory: offset A, end B" (end == start gives an empty result).',
          'More than 1 MiB of zero padding fails with "reached limit for padding memory slice".',
          UNCATCHABLE,
          NUMBER_ARG,
        ],
      },
    ),
    method(
      'getUint',
      [{ name: 'offset', accepts: 'number', role: 'byte offset of the 32-byte word' }],
      'bigInt',
      'The 32-byte big-endian word at offset as a bigInt.',
      {
        pitfalls: ['Not padded: offset < 0 or offset + 32 > length() fails with "tracer accessed out of bound memory".', UNCATCHABLE],
      },
    ),
    method('length', [], 'number', "Current memory size in bytes, before this opcode's expansion."),
  ],
};

const contract: ApiObject = {
  name: 'contract',
  label: 'log.contract',
  description: 'The frame being executed.',
  members: [
    method(
      'getAddress',
      [],
      'Uint8Array',
      'The executing account (20 bytes); for DELEGATECALL/CALLCODE it is the caller whose storage is used.',
      { pitfalls: [FRESH_BYTES] },
    ),
    method('getCaller', [], 'Uint8Array', 'The caller of this frame (20 bytes).', { pitfalls: [FRESH_BYTES] }),
    method('getValue', [], 'bigInt', 'Value sent with this frame, in wei.'),
    method('getInput', [], 'Uint8Array', 'A copy of the call data; empty while CREATE init code runs.', { pitfalls: [FRESH_BYTES] }),
  ],
};

const db: ApiObject = {
  name: 'db',
  label: 'db',
  description: 'State access: live state during step/fault, post-transaction state in result.',
  members: [
    method('getBalance', [address], 'bigInt', 'Balance of an account in wei.', { pitfalls: dbPitfalls() }),
    method('getNonce', [address], 'number', 'Nonce of an account.', { pitfalls: dbPitfalls() }),
    method('getCode', [address], 'Uint8Array', 'Code of an account.', { pitfalls: dbPitfalls() }),
    method(
      'getState',
      [address, { name: 'slot', accepts: 'Uint8Array | Array', role: 'storage slot (normalised to 32 bytes)', bytesOnly: true }],
      'Uint8Array',
      'The 32-byte value of a storage slot.',
      { pitfalls: dbPitfalls() },
    ),
    method('exists', [address], 'boolean', 'Whether the account exists.', { pitfalls: dbPitfalls() }),
  ],
};

function dbPitfalls(): string[] {
  return [
    'Arguments must be a Uint8Array or an Array: a hex string (or number, ArrayBuffer, other typed array) fails with the uncatchable "invalid buffer type". Convert with toAddress()/toWord() first.',
    'Calling it with no argument crashes the node-side tracer (Go panic).',
  ];
}

const HOST_STRING = 'A host string: returned directly from result() it serialises as {} when longer than 16 characters.';

function field(
  name: string,
  returns: ApiMember['returns'],
  presence: string,
  description: string,
  extra: Partial<ApiMember> = {},
): ApiMember {
  return { name, kind: 'property', returns, presence, description, ...extra };
}

const ctx: ApiObject = {
  name: 'ctx',
  label: 'ctx',
  open: true,
  description:
    'Facts about the traced transaction, passed to result(). A plain map: Object.keys(ctx) comes in random order, and tracers may add properties.',
  members: [
    field('type', 'string', 'always', '"CALL" or "CREATE" for the top-level frame.'),
    field('from', 'Uint8Array', 'always', 'Sender (20 bytes).', { pitfalls: [FRESH_BYTES] }),
    field('to', 'Uint8Array', 'always', 'Recipient, or the created contract (20 bytes).', { pitfalls: [FRESH_BYTES] }),
    field('input', 'Uint8Array', 'always', 'Call data or init code.'),
    field('value', 'bigInt', 'always', 'Value sent, in wei.'),
    field('gas', 'number', 'always', 'Transaction gas limit (for traceCall without gas: the RPC gas cap).'),
    field('gasPrice', 'bigInt', 'always', 'The effective tip: min(tipCap, feeCap − baseFee), or the tip cap without a base fee.', {
      pitfalls: ['Since geth v1.15.0 this is the tip, not the effective gas price.'],
      onTargets: {
        coreth: {
          description:
            'The effective gas price the sender pays per gas: baseFee + min(tipCap, feeCap − baseFee), or the gas price of a legacy transaction.',
          pitfalls: ["coreth's tracers are geth v1.13's: geth v1.15.0 made this the tip alone."],
        },
      },
    }),
    field('block', 'number', 'always', 'Block number.'),
    field('coinbase', 'Uint8Array', 'always', 'Block coinbase (20 bytes).', {
      onTargets: { coreth: { absent: "geth v1.14 added ctx.coinbase; coreth's tracers are geth v1.13's" } },
    }),
    field('gasUsed', 'number', 'when the transaction was not rejected', 'Receipt gasUsed: intrinsic gas included, after refund.'),
    field('output', 'Uint8Array', 'always', 'Top-level return or revert data.'),
    field('error', 'string', 'only when the top-level frame failed', 'Why the top-level frame failed, e.g. "execution reverted".', {
      orUndefined: true,
      hostString: true,
      pitfalls: [HOST_STRING],
    }),
    field('blockHash', 'Uint8Array', 'traceTransaction / traceBlock* only (not traceCall)', 'Hash of the block (32 bytes).', {
      orUndefined: true,
    }),
    field('txIndex', 'number', 'when the transaction hash is known (not traceCall)', 'Index of the transaction in its block.', {
      orUndefined: true,
    }),
    field('txHash', 'Uint8Array', 'traceTransaction / traceBlock* only (not traceCall)', 'Transaction hash (32 bytes).', {
      orUndefined: true,
    }),
  ],
};

const callFrame: ApiObject = {
  name: 'callFrame',
  label: 'frame',
  description: 'A nested call or create, passed to enter() (depth ≥ 1 only). One object is reused.',
  members: [
    method('getType', [], 'string', '"CALL", "CALLCODE", "DELEGATECALL", "STATICCALL", "CREATE", "CREATE2" or "SELFDESTRUCT".'),
    method('getFrom', [], 'Uint8Array', 'The calling account (20 bytes).', { pitfalls: [FRESH_BYTES] }),
    method('getTo', [], 'Uint8Array', 'The called account, or the new contract for CREATE* (20 bytes).', { pitfalls: [FRESH_BYTES] }),
    method('getInput', [], 'Uint8Array', 'Call data, or init code for CREATE*.'),
    method('getGas', [], 'number', 'Gas given to the child, after the 63/64 rule and including the value stipend.'),
    method('getValue', [], 'bigInt', "Value sent; for DELEGATECALL the parent frame's value.", {
      orUndefined: true,
      pitfalls: ['undefined for STATICCALL: check before calling bigInt methods on it.'],
    }),
  ],
};

const frameResult: ApiObject = {
  name: 'frameResult',
  label: 'res',
  description: 'How a nested frame ended, passed to exit(). One object is reused.',
  members: [
    method('getGasUsed', [], 'number', 'Gas the child used (all of it for failures other than REVERT).'),
    method('getOutput', [], 'Uint8Array', 'Return or revert data of the child.'),
    method('getError', [], 'string', 'Why the child failed, e.g. "execution reverted", or undefined.', {
      orUndefined: true,
      hostString: true,
      pitfalls: [HOST_STRING],
    }),
  ],
};

export const hostObjects: ApiObject[] = [log, op, stack, memory, contract, db, ctx, callFrame, frameResult];
