// Generated EVM programs: each contract is a list of snippets, each snippet leaves the stack as it found it
// (so the shrinker can drop any of them), followed by one terminating snippet. The families cover the
// opcode groups of the issue: 256-bit arithmetic at the edges, memory expansion, storage with refunds and
// the EIP-2200 sentry, transient storage, environment reads, every CALL and CREATE variant with and
// without value, precompiles, logs, return data, jumps, reverts with data, SELFDESTRUCT and failures of
// every kind (out of gas at each stage, stack limits, invalid jumps and opcodes, write protection).
import type { Blob, Item } from './asm';
import { assemble } from './asm';
import { opcodeByName } from '../../core/api/opcodes';
import { craftedInput } from './precompile-inputs';
import type { Random } from './random';

export interface Snippet {
  family: string;
  items: Item[];
  blobs?: Blob[];
}

/** The generated contracts, in call order: a contract only calls those after it (no unbounded recursion). */
export const contractAddresses = [
  '0xc0de00000000000000000000000000000000000a',
  '0xc0de00000000000000000000000000000000000b',
  '0xc0de00000000000000000000000000000000000c',
];
/** An account with balance and no code. */
export const plainAccount = '0x00000000000000000000000000000000000e0a01';
/** An EOA delegated (EIP-7702) to the last contract. */
export const delegatedAccount = '0x00000000000000000000000000000000de1e0a7e';
/** An address with no account. */
export const missingAccount = '0x000000000000000000000000000000000000dead';

/** The opcodes later forks brought, by the fork (ethereumjs' name) that brought them. */
export const laterOpcodes: Record<string, string> = {
  DELEGATECALL: 'homestead',
  REVERT: 'byzantium',
  RETURNDATASIZE: 'byzantium',
  RETURNDATACOPY: 'byzantium',
  STATICCALL: 'byzantium',
  SHL: 'constantinople',
  SHR: 'constantinople',
  SAR: 'constantinople',
  CREATE2: 'constantinople',
  EXTCODEHASH: 'constantinople',
  CHAINID: 'istanbul',
  SELFBALANCE: 'istanbul',
  BASEFEE: 'london',
  PUSH0: 'shanghai',
  TLOAD: 'cancun',
  TSTORE: 'cancun',
  MCOPY: 'cancun',
  BLOBHASH: 'cancun',
  BLOBBASEFEE: 'cancun',
  CLZ: 'osaka',
};

function opcodeByte(name: string): string {
  return opcodeByName(name)!.code.toString(16).padStart(2, '0');
}

export interface ProgramContext {
  /** Index of the contract being generated. */
  self: number;
  /** Precompile addresses active at the fork (without 0x0a: this runtime bundles no KZG library). */
  precompiles: number[];
  /** Whether the fork defines the opcode (by geth's name); opcodes of later forks are not generated but for
   * the `undefined` terminator. */
  has(op: string): boolean;
  /** Unique label names within one contract. */
  label(): string;
}

const word = (r: Random) => r.word();
const smallOffset = (r: Random) => BigInt(r.pick([0, 0, 1, 31, 32, 33, 64, 96, 128, 200, 1000]));
const slot = (r: Random) => BigInt(r.int(4));

const binaryOps = [
  'ADD',
  'MUL',
  'SUB',
  'DIV',
  'SDIV',
  'MOD',
  'SMOD',
  'EXP',
  'SIGNEXTEND',
  'LT',
  'GT',
  'SLT',
  'SGT',
  'EQ',
  'AND',
  'OR',
  'XOR',
  'BYTE',
  'SHL',
  'SHR',
  'SAR',
];

function arithmetic(r: Random, ctx: ProgramContext): Snippet {
  const kind = r.int(10);
  if (kind === 0) return { family: 'arith', items: [word(r), word(r), word(r), r.pick(['ADDMOD', 'MULMOD']), 'POP'] };
  if (kind === 1) return { family: 'arith', items: [word(r), r.pick(['ISZERO', 'NOT', 'CLZ'].filter(ctx.has)), 'POP'] };
  const op = r.pick(binaryOps.filter(ctx.has));
  // SIGNEXTEND, BYTE and the shifts are most interesting with a small first operand.
  const first = ['SIGNEXTEND', 'BYTE', 'SHL', 'SHR', 'SAR'].includes(op) && r.chance(0.6) ? BigInt(r.int(40)) : word(r);
  const store = r.chance(0.3);
  return { family: 'arith', items: [word(r), first, op, ...(store ? [smallOffset(r), 'MSTORE'] : ['POP'])] };
}

function memory(r: Random, ctx: ProgramContext): Snippet {
  const at = smallOffset;
  switch (r.int(ctx.has('MCOPY') ? 8 : 7)) {
    case 0:
      return { family: 'memory', items: [word(r), at(r), 'MSTORE'] };
    case 1:
      return { family: 'memory', items: [BigInt(r.int(256)), at(r), 'MSTORE8'] };
    case 2:
      return { family: 'memory', items: [at(r), 'MLOAD', 'POP'] };
    case 3:
      return { family: 'memory', items: [BigInt(r.int(70)), at(r), 'KECCAK256', 'POP'] };
    case 4:
      return { family: 'memory', items: [BigInt(r.int(40)), at(r), at(r), 'CALLDATACOPY'] };
    case 5:
      return { family: 'memory', items: [BigInt(r.int(40)), BigInt(r.int(20)), at(r), 'CODECOPY'] };
    case 6:
      return { family: 'memory', items: ['MSIZE', 'POP', BigInt(r.pick([0, 1, 32])), BigInt(r.pick([2000, 4096, 30000])), 'MSTORE8'] };
    default:
      return { family: 'memory', items: [BigInt(r.int(70)), at(r), at(r), 'MCOPY'] };
  }
}

function storage(r: Random): Snippet {
  if (r.chance(0.3)) return { family: 'storage', items: [slot(r), 'SLOAD', 'POP'] };
  const value = r.pick([0n, 0n, 1n, 2n, word(r)]);
  return { family: 'storage', items: [value, slot(r), 'SSTORE', ...(r.chance(0.3) ? [slot(r), 'SLOAD', 'POP'] : [])] };
}

function transient(r: Random): Snippet {
  return r.chance(0.5)
    ? { family: 'transient', items: [r.pick([0n, 1n, word(r)]), slot(r), 'TSTORE'] }
    : { family: 'transient', items: [slot(r), 'TLOAD', 'POP'] };
}

function anyAddress(r: Random, ctx: ProgramContext): bigint {
  return r.pick([
    () => BigInt(r.pick(contractAddresses)),
    () => BigInt(plainAccount),
    () => BigInt(missingAccount),
    () => BigInt(delegatedAccount),
    () => BigInt(r.pick(ctx.precompiles)),
    () => word(r),
  ])();
}

function environment(r: Random, ctx: ProgramContext): Snippet {
  const simple = [
    'ADDRESS',
    'ORIGIN',
    'CALLER',
    'CALLVALUE',
    'CALLDATASIZE',
    'CODESIZE',
    'GASPRICE',
    'RETURNDATASIZE',
    'COINBASE',
    'TIMESTAMP',
    'NUMBER',
    'DIFFICULTY',
    'GASLIMIT',
    'CHAINID',
    'SELFBALANCE',
    'BASEFEE',
    'GAS',
    'PC',
    'MSIZE',
    'PUSH0',
  ];
  if (ctx.has('BLOBBASEFEE')) simple.push('BLOBBASEFEE');
  switch (r.int(6)) {
    case 0:
    case 1:
      return { family: 'env', items: [r.pick(simple.filter(ctx.has)), 'POP'] };
    case 2:
      return { family: 'env', items: [anyAddress(r, ctx), r.pick(['BALANCE', 'EXTCODESIZE', 'EXTCODEHASH'].filter(ctx.has)), 'POP'] };
    case 3:
      return { family: 'env', items: [BigInt(r.int(40)), BigInt(r.int(8)), smallOffset(r), anyAddress(r, ctx), 'EXTCODECOPY'] };
    case 4:
      return { family: 'env', items: [BigInt(r.pick([0, 1, 2, 3, 256, 257])), 'NUMBER', 'SUB', 'BLOCKHASH', 'POP'] };
    default:
      return {
        family: 'env',
        items: [r.pick([0n, 1n, 4n, 32n, word(r)]), r.pick(['CALLDATALOAD', 'BLOBHASH'].filter(ctx.has)), 'POP'],
      };
  }
}

function stackOps(r: Random): Snippet {
  const depth = r.int(4) + 1;
  const items: Item[] = Array.from({ length: depth + 1 }, () => word(r));
  items.push(`DUP${r.int(depth + 1) + 1}`, `SWAP${r.int(depth + 1) + 1}`);
  for (let i = 0; i < depth + 2; i++) items.push('POP');
  return { family: 'stack', items };
}

/** Input for a precompile written to memory at 0: the right shape often enough that some calls succeed. */
function precompileInput(r: Random, address: number): Item[] {
  const words = (n: number) => Array.from({ length: n }, (_, i): Item[] => [r.chance(0.5) ? 0n : word(r), BigInt(i * 32), 'MSTORE']).flat();
  if (address === 5) {
    // modexp: base, exponent and modulus lengths, kept small.
    return [
      BigInt(r.int(33)),
      0n,
      'MSTORE',
      BigInt(r.int(33)),
      32n,
      'MSTORE',
      BigInt(r.int(33)),
      64n,
      'MSTORE',
      word(r),
      96n,
      'MSTORE',
      word(r),
      128n,
      'MSTORE',
    ];
  }
  if (address === 9) {
    // blake2f: 213 bytes, the rounds in the first 4.
    return [...words(7), BigInt(r.int(16)) << 224n, 0n, 'MSTORE'];
  }
  return words(r.int(8));
}

const precompileInputSizes: Record<number, number[]> = {
  1: [128],
  5: [160, 96],
  6: [128],
  7: [96],
  8: [0, 192, 384],
  9: [213, 212],
  0x0b: [256],
  0x0c: [160],
  0x0d: [512],
  0x0e: [288],
  0x0f: [384, 0],
  0x10: [64],
  0x11: [128],
  0x100: [160],
};

function call(r: Random, ctx: ProgramContext): Snippet {
  const later = contractAddresses.slice(ctx.self + 1);
  const kind = r.weighted({ contract: later.length > 0 ? 5 : 0, precompile: 3, plain: 1, missing: 1, delegated: later.length > 0 ? 1 : 0 });
  const target =
    kind === 'contract'
      ? BigInt(r.pick(later))
      : kind === 'precompile'
        ? BigInt(r.pick(ctx.precompiles))
        : BigInt({ plain: plainAccount, missing: missingAccount, delegated: delegatedAccount }[kind]);
  const op = r.pick(['CALL', 'CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL'].filter(ctx.has));
  const sizes = kind === 'precompile' ? precompileInputSizes[Number(target)] : undefined;
  // An input crafted for a precompile that checks it (points, lengths, flags) is copied from the code.
  const crafted = kind === 'precompile' && r.chance(0.6) ? craftedInput(r, Number(target)) : undefined;
  const label = ctx.label();
  const input: Item[] = crafted
    ? [BigInt(crafted.hex.length / 2), { ref: label }, 0n, 'CODECOPY']
    : kind === 'precompile'
      ? precompileInput(r, Number(target))
      : r.chance(0.5)
        ? [word(r), 0n, 'MSTORE']
        : [];
  const argsSize = BigInt(crafted ? crafted.hex.length / 2 : sizes && r.chance(0.8) ? r.pick(sizes) : r.pick([0, 4, 32, 36, 100]));
  const value = op === 'CALL' || op === 'CALLCODE' ? [r.pick([0n, 0n, 1n, 1000n, 10n ** 30n])] : [];
  const gas: Item[] = r.chance(0.6) ? ['GAS'] : [BigInt(r.pick([0, 100, 2300, 2301, 5000, 30000, 100000]))];
  const keep: Item[] = r.chance(0.3) ? [64n, 'MSTORE'] : ['POP'];
  const after: Item[] = r.chance(0.4) && ctx.has('RETURNDATACOPY') ? ['RETURNDATASIZE', 0n, 0n, 'RETURNDATACOPY'] : [];
  return {
    family: `call:${op}:${kind}${crafted ? `:${crafted.kind}` : ''}`,
    ...(crafted ? { blobs: [{ label, hex: crafted.hex }] } : {}),
    items: [
      ...input,
      BigInt(r.pick([0, 1, 32, 64])),
      BigInt(r.pick([0, 32, 64])),
      argsSize,
      0n,
      ...value,
      target,
      ...gas,
      op,
      ...keep,
      ...after,
    ],
  };
}

/** Init code for CREATE/CREATE2: deploys runtime code, or fails in one of the ways a creation can. */
function initCode(r: Random, ctx: ProgramContext): { kind: string; hex: string } {
  const kind = r.weighted({ deploy: 6, revert: 2, invalid: 1, selfdestruct: 1, ef: 1, huge: 1, work: 2 });
  const runtime = r.pick(['00', '6001600055', '33ff', '5f5ff3', '60205f5f3960205ff3']);
  const size = BigInt(runtime.length / 2);
  const code = (items: Item[], blobs: Blob[] = []) => assemble(items, blobs, ctx.has('PUSH0')).slice(2);
  const deploy = (prefix: Item[]) =>
    code([...prefix, size, { ref: 'runtime' }, 0n, 'CODECOPY', size, 0n, 'RETURN'], [{ label: 'runtime', hex: runtime }]);
  switch (kind) {
    case 'deploy':
      return { kind, hex: deploy([]) };
    case 'revert':
      // Before Byzantium REVERT is undefined: the creation fails as on an invalid opcode.
      return { kind, hex: code([word(r), 0n, 'MSTORE', BigInt(r.pick([0, 4, 32])), 0n, ctx.has('REVERT') ? 'REVERT' : 'INVALID']) };
    case 'invalid':
      return { kind, hex: 'fe' };
    case 'selfdestruct':
      return { kind, hex: code([BigInt(plainAccount), 'SELFDESTRUCT']) };
    case 'ef':
      return { kind, hex: code([0xefn, 0n, 'MSTORE8', 1n, 0n, 'RETURN']) };
    case 'huge':
      return { kind, hex: code([r.pick([24576n, 24577n]), 0n, 'RETURN']) };
    default:
      return { kind, hex: deploy([storage(r), arithmetic(r, ctx), memory(r, ctx)].flatMap((s) => s.items)) };
  }
}

function create(r: Random, ctx: ProgramContext): Snippet {
  const init = initCode(r, ctx);
  const label = ctx.label();
  const size = BigInt(init.hex.length / 2);
  const value = r.pick([0n, 0n, 1n, 10n ** 30n]);
  const two = r.chance(0.5) && ctx.has('CREATE2');
  const salt = two ? [r.pick([0n, 1n, word(r)])] : [];
  const op = two ? 'CREATE2' : 'CREATE';
  // Now and then more init code than EIP-3860 allows (the copy pads it with zeros).
  const createSize = r.chance(0.05) ? 49153n : size;
  const items: Item[] = [size, { ref: label }, 0n, 'CODECOPY', ...salt, createSize, 0n, value, op];
  // A CREATE2 repeated with the same salt collides with the first.
  if (two && r.chance(0.3)) items.push('POP', ...salt, createSize, 0n, value, op);
  items.push(...(r.chance(0.5) ? ['POP'] : ['EXTCODESIZE', 'POP']));
  return { family: `create:${op}:${init.kind}`, items, blobs: [{ label, hex: init.hex }] };
}

function logs(r: Random): Snippet {
  const topics = r.int(5);
  return {
    family: 'log',
    items: [...Array.from({ length: topics }, () => word(r)), BigInt(r.pick([0, 1, 32, 64])), smallOffset(r), `LOG${topics}`],
  };
}

function jumps(r: Random, ctx: ProgramContext): Snippet {
  const label = ctx.label();
  if (r.chance(0.5)) {
    // A counted loop.
    return { family: 'jump:loop', items: [BigInt(r.int(6) + 1), { label }, 1n, 'SWAP1', 'SUB', 'DUP1', { ref: label }, 'JUMPI', 'POP'] };
  }
  return { family: 'jump:skip', items: [r.pick([0n, 1n, word(r)]), { ref: label }, 'JUMPI', ...arithmetic(r, ctx).items, { label }] };
}

type Family = (r: Random, ctx: ProgramContext) => Snippet;
const families: Record<string, Family> = {
  arith: arithmetic,
  memory,
  storage,
  transient: (r, ctx) => (ctx.has('TSTORE') ? transient(r) : storage(r)),
  env: environment,
  stack: stackOps,
  call,
  create,
  log: logs,
  jump: jumps,
};
const weights = { arith: 3, memory: 2, storage: 3, transient: 1, env: 2, stack: 1, call: 4, create: 2, log: 2, jump: 1 };

export function snippet(r: Random, ctx: ProgramContext): Snippet {
  return families[r.weighted(weights)](r, ctx);
}

/** How a contract ends: normally, with data, or failing in one of the ways an opcode can. */
export function terminator(r: Random, ctx: ProgramContext): Snippet {
  const kind = r.weighted({
    stop: 4,
    return: 4,
    revert: ctx.has('REVERT') ? 3 : 0,
    'revert-reason': ctx.has('REVERT') ? 2 : 0,
    invalid: 1,
    undefined: 1,
    'bad-jump': 1,
    underflow: 1,
    overflow: 1,
    'oog-loop': 1,
    'oog-memory': 1,
    'returndata-oob': ctx.has('RETURNDATACOPY') ? 1 : 0,
    selfdestruct: 2,
    sstore: 1,
  });
  const data: Item[] = [word(r), 0n, 'MSTORE'];
  const label = ctx.label();
  switch (kind) {
    case 'stop':
      return { family: 'end:stop', items: ['STOP'] };
    case 'return':
      return { family: 'end:return', items: [...data, BigInt(r.pick([0, 1, 32, 64])), 0n, 'RETURN'] };
    case 'revert':
      return { family: 'end:revert', items: [...data, BigInt(r.pick([0, 4, 32])), 0n, 'REVERT'] };
    case 'revert-reason': {
      // Error(string) with a short reason, as Solidity encodes it.
      const text = r.pick(['nope', 'denied', 'x']);
      const reason = BigInt('0x' + Buffer.from(text).toString('hex').padEnd(64, '0'));
      return {
        family: 'end:revert-reason',
        items: [
          0x08c379a0n << 224n,
          0n,
          'MSTORE',
          0x20n,
          4n,
          'MSTORE',
          BigInt(text.length),
          36n,
          'MSTORE',
          reason,
          68n,
          'MSTORE',
          100n,
          0n,
          'REVERT',
        ],
      };
    }
    case 'invalid':
      return { family: 'end:invalid', items: ['INVALID'] };
    case 'undefined': {
      // Bytes no fork defines, and opcodes of later forks, sometimes over a full stack: undefined here, they
      // cost nothing and take no arguments.
      const later = Object.keys(laterOpcodes).filter((op) => !ctx.has(op));
      const byte = r.chance(later.length > 0 ? 0.5 : 0) ? opcodeByte(r.pick(later)) : r.pick(['0c', '21', 'ef', 'f6', 'fb']);
      const stack = r.chance(0.5) ? Array.from({ length: r.int(8) }, () => word(r)) : [];
      return { family: 'end:undefined', items: [...stack, { raw: byte }] };
    }
    case 'bad-jump':
      return { family: 'end:bad-jump', items: [BigInt(r.pick([0, 1, 2, 3, 1000])), 'JUMP'] };
    case 'underflow':
      return { family: 'end:underflow', items: [r.pick(['POP', 'ADD', 'SWAP1', 'DUP2', 'MSTORE'])] };
    case 'overflow':
      return { family: 'end:overflow', items: [{ label }, 0n, { ref: label }, 'JUMP'] };
    case 'oog-loop':
      // Hashing 16 KB per turn spends even 3M gas within about a thousand turns (geth's tracer engine is slow).
      return { family: 'end:oog-loop', items: [{ label }, 16384n, 0n, 'KECCAK256', 'POP', { ref: label }, 'JUMP'] };
    case 'oog-memory':
      return { family: 'end:oog-memory', items: [r.pick([1n << 20n, 1n << 32n, 1n << 64n, (1n << 256n) - 1n]), 'MLOAD'] };
    case 'returndata-oob':
      return { family: 'end:returndata-oob', items: [BigInt(r.int(3) + 1), 0n, 0n, 'RETURNDATACOPY', 'STOP'] };
    case 'selfdestruct':
      return { family: 'end:selfdestruct', items: [anyAddress(r, ctx), 'SELFDESTRUCT'] };
    default:
      // Under a caller that passed little gas this meets the EIP-2200 sentry (no SSTORE with <= 2300 left).
      return { family: 'end:sstore', items: [1n, slot(r), 'SSTORE', 'STOP'] };
  }
}

/** One contract's code: its snippets, the terminator, then the snippets' data blobs. */
export function contractCode(snippets: Snippet[], end: Snippet, push0: boolean): string {
  const all = [...snippets, end];
  return assemble(
    all.flatMap((s) => s.items),
    all.flatMap((s) => s.blobs ?? []),
    push0,
  );
}
