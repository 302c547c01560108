// A hand-assembled contract that shows a chain's rules to a tracer, one case per first calldata byte:
//   1 refunds: sets slot 0 and clears it again, clears slot 1 (1 from the deployment);
//   2 block and transaction context: BASEFEE, DIFFICULTY/PREVRANDAO, GASPRICE, COINBASE, GASLIMIT, NUMBER,
//     TIMESTAMP, CHAINID, SELFBALANCE, returned as words;
//   3 Cancun's opcodes: TSTORE/TLOAD, MCOPY, BLOBBASEFEE, BLOBHASH, and Shanghai's PUSH0;
//   4 a call: byte 1 the kind (0 CALL, 1 STATICCALL, 2 DELEGATECALL, 3 CALLCODE), bytes 2-21 the address, the
//     rest its input; returns success, the gas left after it, the return data size and the return data;
//   5 Osaka's CLZ (an invalid opcode before Osaka).
import { createSign, generateKeyPairSync, createHash } from 'node:crypto';
import { assemble, deployer, type Item } from './assemble';

const word = (i: number) => i * 32;

const context = ['BASEFEE', 'DIFFICULTY', 'GASPRICE', 'COINBASE', 'GASLIMIT', 'NUMBER', 'TIMESTAMP', 'CHAINID', 'SELFBALANCE'];

/** The call opcodes by kind number, and whether they take a value. */
const callKinds: Array<[string, boolean]> = [
  ['CALL', true],
  ['STATICCALL', false],
  ['DELEGATECALL', false],
  ['CALLCODE', true],
];

const runtime = assemble([
  0,
  'CALLDATALOAD',
  0xf8,
  'SHR',
  ...[1, 2, 3, 4, 5].flatMap((n): Item[] => ['DUP1', n, 'EQ', { to: `case${n}` }, 'JUMPI']),
  'STOP',
  { label: 'case1' },
  1,
  0,
  'SSTORE',
  0,
  0,
  'SSTORE',
  0,
  1,
  'SSTORE',
  'STOP',
  { label: 'case2' },
  ...context.flatMap((op, i): Item[] => [op, word(i), 'MSTORE']),
  word(context.length),
  0,
  'RETURN',
  { label: 'case3' },
  0x42,
  1,
  'TSTORE',
  1,
  'TLOAD',
  0,
  'MSTORE',
  32,
  0,
  32,
  'MCOPY',
  'BLOBBASEFEE',
  word(2),
  'MSTORE',
  0,
  'BLOBHASH',
  word(3),
  'MSTORE',
  'PUSH0',
  word(4),
  'MSTORE',
  word(5),
  0,
  'RETURN',
  { label: 'case4' },
  // Input to memory 0: calldata from byte 22. Stack for the call: retSize 0, retOffset 0, inSize, inOffset 0, address.
  22,
  'CALLDATASIZE',
  'SUB',
  22,
  0,
  'CALLDATACOPY',
  0,
  0,
  22,
  'CALLDATASIZE',
  'SUB',
  0,
  2,
  'CALLDATALOAD',
  0x60,
  'SHR',
  1,
  'CALLDATALOAD',
  0xf8,
  'SHR',
  ...callKinds.flatMap(([name], kind): Item[] => ['DUP1', kind, 'EQ', { to: name }, 'JUMPI']),
  'STOP',
  // Stack: retSize 0, retOffset 0, inSize, inOffset 0, address, kind. Drop the kind; a value of 0 goes under
  // the address for the opcodes that take one; then the gas.
  ...callKinds.flatMap(([name, withValue]): Item[] => [
    { label: name },
    'POP',
    ...(withValue ? [0, 'SWAP1'] : []),
    'GAS',
    name,
    { to: 'called' },
    'JUMP',
  ]),
  { label: 'called' },
  0,
  'MSTORE',
  'GAS',
  word(1),
  'MSTORE',
  'RETURNDATASIZE',
  word(2),
  'MSTORE',
  'RETURNDATASIZE',
  0,
  word(3),
  'RETURNDATACOPY',
  'RETURNDATASIZE',
  word(3),
  'ADD',
  0,
  'RETURN',
  { label: 'case5' },
  1,
  'CLZ',
  0,
  'MSTORE',
  32,
  0,
  'RETURN',
]);

/** Deployment: slot 1 starts at 1, so that clearing it earns a refund. */
export const probeInitcode = deployer(runtime, { 1: 1 });
export const probeRuntime = '0x' + runtime;

export const probeCase = {
  refund: '0x01',
  context: '0x02',
  cancun: '0x03',
  clz: '0x05',
  call: (kind: 'CALL' | 'STATICCALL' | 'DELEGATECALL' | 'CALLCODE', address: string, input = '0x') =>
    '0x04' +
    callKinds
      .findIndex(([name]) => name === kind)
      .toString(16)
      .padStart(2, '0') +
    address.slice(2).toLowerCase() +
    input.slice(2),
};

/** A valid P256VERIFY input (hash, r, s, x, y), signed by a fresh P-256 key. */
export function p256Input(message = 'evm-tracer'): string {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const signature = createSign('SHA256').update(message).sign({ key: privateKey, dsaEncoding: 'ieee-p1363' });
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  const hash = createHash('sha256').update(message).digest();
  return '0x' + Buffer.concat([hash, signature, Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')]).toString('hex');
}

const precompile = (n: number) => '0x' + n.toString(16).padStart(40, '0');
const nativeAsset = (n: number) => '0x01' + n.toString(16).padStart(38, '0');

/** The transactions that show a chain's rules, by name (the P-256 input is fixed per call, so two chains can
 * be sent the very same calldata). */
export function probeTransactions(probe: string, p256 = p256Input()): Record<string, { to: string; data: string }> {
  const to = (data: string) => ({ to: probe, data });
  return {
    refund: to(probeCase.refund),
    context: to(probeCase.context),
    cancun: to(probeCase.cancun),
    clz: to(probeCase.clz),
    p256: to(probeCase.call('STATICCALL', precompile(0x100), p256)),
    bls: to(probeCase.call('STATICCALL', precompile(0x0b), '0x' + '00'.repeat(256))),
    nativeAssetCall: to(probeCase.call('CALL', nativeAsset(1), '0x' + '00'.repeat(52))),
    nativeAssetDelegate: to(probeCase.call('DELEGATECALL', nativeAsset(1))),
    nativeAssetCallcode: to(probeCase.call('CALLCODE', nativeAsset(2))),
    // The issue's example: 1,000 zero calldata bytes to an account (EIP-7623's floor from Prague).
    zeros: { to: '0x000000000000000000000000000000000000dead', data: '0x' + '00'.repeat(1000) },
  };
}

/** A call into the C-Chain's warp precompile (getBlockchainID()). */
export const warpCall = (probe: string) => ({
  to: probe,
  data: probeCase.call('STATICCALL', '0x0200000000000000000000000000000000000005', '0x4213cf78'),
});
