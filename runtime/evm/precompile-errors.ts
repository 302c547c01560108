// geth's error text for a failing precompile (core/vm/contracts.go, with its bn254 and BLS12-381 decoders
// from gnark-crypto). geth charges a precompile's gas first ('out of gas'), then checks the input in its own
// order and names the first fault; ethereumjs checks in another order and names fewer causes ('execution
// reverted', 'point not on curve', 'input is empty'). The input tells geth's cause, so it is worked out here
// from the input, the gas the frame was given and the fork's gas schedule.
import { bn254 } from '@noble/curves/bn254.js';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { bytesToBigInt } from '@ethereumjs/util';

/** The fork's gas schedule (an ethereumjs Common). */
export interface PrecompileRules {
  param(name: string): bigint;
  isActivatedEIP(eip: number): boolean;
}

type Curve = typeof bn254 | typeof bls12_381;

interface Fp2Value {
  c0: bigint;
  c1: bigint;
}

const isZero = (bytes: Uint8Array) => bytes.every((b) => b === 0);

function onG1(curve: Curve, x: bigint, y: bigint): boolean {
  const { Fp } = curve.fields;
  return Fp.eql(Fp.sqr(y), Fp.add(Fp.mul(Fp.sqr(x), x), curve.G1.Point.CURVE().b));
}

function onG2(curve: Curve, x: Fp2Value, y: Fp2Value): boolean {
  const { Fp2 } = curve.fields;
  return Fp2.eql(Fp2.sqr(y), Fp2.add(Fp2.mul(Fp2.sqr(x), x), curve.G2.Point.CURVE().b));
}

/** The bn254 library whose words a client's errors use: geth's gnark-crypto, or cloudflare's bn256 (coreth),
 * which names a coordinate at the modulus apart from one above it and calls every bad point malformed. */
export type Bn254Words = 'gnark' | 'cloudflare';

/** bn254's 32-byte coordinates: each below the modulus. */
function bnCoordinates(bytes: Uint8Array, count: number, words: Bn254Words): bigint[] | string {
  const values = Array.from({ length: count }, (_, i) => bytesToBigInt(bytes.subarray(32 * i, 32 * i + 32)));
  const bad = values.find((v) => v >= bn254.fields.Fp.ORDER);
  if (bad === undefined) return values;
  if (words === 'gnark') return 'invalid fp.Element encoding';
  return bad === bn254.fields.Fp.ORDER ? 'bn256: coordinate equals modulus' : 'bn256: coordinate exceeds modulus';
}

/** A bn254 point that fails its curve (`subgroup`: its subgroup) check, in the library's words. */
const badPoint = (words: Bn254Words, subgroup = false) =>
  words === 'cloudflare' ? 'bn256: malformed point' : subgroup ? 'point is not in correct subgroup' : 'point is not on curve';

/** geth's bn254 G1 decoding of 64 bytes (all zeros: the point at infinity). bn254's G1 is its whole curve. */
function bnG1(bytes: Uint8Array, words: Bn254Words): string | undefined {
  if (isZero(bytes)) return undefined;
  const xy = bnCoordinates(bytes, 2, words);
  if (typeof xy === 'string') return xy;
  return onG1(bn254, xy[0], xy[1]) ? undefined : badPoint(words);
}

/** geth's bn254 G2 decoding of 128 bytes: x and y, each imaginary part first. */
function bnG2(bytes: Uint8Array, words: Bn254Words): string | undefined {
  if (isZero(bytes)) return undefined;
  const coordinates = bnCoordinates(bytes, 4, words);
  if (typeof coordinates === 'string') return coordinates;
  const [x, y] = [
    { c0: coordinates[1], c1: coordinates[0] },
    { c0: coordinates[3], c1: coordinates[2] },
  ];
  if (!onG2(bn254, x, y)) return badPoint(words);
  return bn254.G2.Point.fromAffine({ x, y }).isTorsionFree() ? undefined : badPoint(words, true);
}

/** A BLS12-381 field element: 64 bytes, the top 16 zero, the rest below the modulus. */
function blsElements(bytes: Uint8Array, count: number): bigint[] | string {
  const values: bigint[] = [];
  for (let i = 0; i < count; i++) {
    const element = bytes.subarray(64 * i, 64 * i + 64);
    if (!isZero(element.subarray(0, 16))) return 'invalid field element top bytes';
    const value = bytesToBigInt(element.subarray(16));
    if (value >= bls12_381.fields.Fp.ORDER) return 'invalid fp.Element encoding';
    values.push(value);
  }
  return values;
}

/** A decoded BLS12-381 point, or geth's error; `inSubgroup` is asked only where geth checks it. */
type Decoded = string | { inSubgroup(): boolean };

function blsG1(bytes: Uint8Array): Decoded {
  const xy = blsElements(bytes, 2);
  if (typeof xy === 'string') return xy;
  const [x, y] = xy;
  if (x === 0n && y === 0n) return { inSubgroup: () => true };
  if (!onG1(bls12_381, x, y)) return 'invalid point: not on curve';
  return { inSubgroup: () => bls12_381.G1.Point.fromAffine({ x, y }).isTorsionFree() };
}

/** A G2 point: x and y, each real part first. */
function blsG2(bytes: Uint8Array): Decoded {
  const words = blsElements(bytes, 4);
  if (typeof words === 'string') return words;
  if (words.every((w) => w === 0n)) return { inSubgroup: () => true };
  const [x, y] = [
    { c0: words[0], c1: words[1] },
    { c0: words[2], c1: words[3] },
  ];
  if (!onG2(bls12_381, x, y)) return 'invalid point: not on curve';
  return { inSubgroup: () => bls12_381.G2.Point.fromAffine({ x, y }).isTorsionFree() };
}

/** The input zero-padded to `size` bytes (geth's getData). */
function padded(input: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set(input.subarray(0, size));
  return out;
}

const invalidLength = 'invalid input length';

/** Pairs of `size` bytes, each checked by `check` in turn: the first error. */
function eachPair(input: Uint8Array, size: number, check: (pair: Uint8Array) => string | undefined): string | undefined {
  if (input.length === 0 || input.length % size !== 0) return invalidLength;
  for (let at = 0; at < input.length; at += size) {
    const error = check(input.subarray(at, at + size));
    if (error !== undefined) return error;
  }
  return undefined;
}

/** A point and its subgroup check, as geth's multi-exponentiations decode each pair. */
function inGroup(decoded: Decoded, group: string): string | undefined {
  if (typeof decoded === 'string') return decoded;
  return decoded.inSubgroup() ? undefined : `${group} point is not on correct subgroup`;
}

/** A pairing's G1 and G2 point: both decoded, then both subgroups checked. */
function blsPair(pair: Uint8Array): string | undefined {
  const p = blsG1(pair.subarray(0, 128));
  if (typeof p === 'string') return p;
  const q = blsG2(pair.subarray(128));
  if (typeof q === 'string') return q;
  return inGroup(p, 'g1') ?? inGroup(q, 'g2');
}

const lengths = (input: Uint8Array) => [0, 32, 64].map((at) => bytesToBigInt(padded(input.subarray(at), 32)));

/** modexp's cap from EIP-7823 (Osaka): no length over 1024 bytes. */
const modexpCap = 1024n;

/** geth's modexp gas under EIP-7823/7883 (Osaka); exact, where geth's saturates at 2^64 - 1 (either way more
 * than any frame has). */
function osakaModexpGas(input: Uint8Array): bigint {
  const [base, exponent, modulus] = lengths(input);
  const rest = input.subarray(Math.min(input.length, 96));
  let head = 0n;
  if (BigInt(rest.length) > base) {
    const size = exponent > 32n ? 32 : Number(exponent);
    head = bytesToBigInt(padded(rest.subarray(Number(base)), size));
  }
  const longest = base > modulus ? base : modulus;
  const words = (longest + 7n) / 8n;
  const complexity = longest <= 32n ? 16n : 2n * words * words;
  let iterations = exponent > 32n ? (exponent - 32n) * 16n : 0n;
  if (head > 0n) iterations += BigInt(head.toString(2).length - 1);
  if (iterations < 1n) iterations = 1n;
  const gas = complexity * iterations;
  return gas > 500n ? gas : 500n;
}

/** geth's gas for the precompile and input where it must be known here: where ethereumjs checks something
 * else first, or stands a failure for lack of gas. Undefined: ethereumjs' own gas check came first, as geth's. */
function requiredGas(address: number, input: Uint8Array, rules: PrecompileRules): bigint | undefined {
  switch (address) {
    case 5:
      return osakaModexpGas(input);
    case 8:
      return rules.param('bn254PairingGas') + BigInt(Math.floor(input.length / 192)) * rules.param('bn254PairingWordGas');
    case 9:
      return input.length === 213 ? bytesToBigInt(input.subarray(0, 4)) * rules.param('blake2RoundGas') : 0n;
    case 0x0c:
    case 0x0e:
      return input.length === 0 ? 0n : undefined;
    case 0x0f:
      return rules.param('bls12381PairingBaseGas') + BigInt(Math.floor(input.length / 384)) * rules.param('bls12381PairingPerPairGas');
    default:
      return undefined;
  }
}

/** geth's error for an input it refuses once the gas is paid, or undefined for one it takes. */
function inputError(address: number, input: Uint8Array, rules: PrecompileRules, words: Bn254Words): string | undefined {
  switch (address) {
    case 5: {
      const oversized = rules.isActivatedEIP(7823) && lengths(input).some((length) => length > modexpCap);
      return oversized ? 'one or more of base/exponent/modulus length exceeded 1024 bytes' : undefined;
    }
    case 6: {
      const points = padded(input, 128);
      return bnG1(points.subarray(0, 64), words) ?? bnG1(points.subarray(64), words);
    }
    case 7:
      return bnG1(padded(input, 64), words);
    case 8:
      if (input.length % 192 !== 0) return 'bad elliptic curve pairing size';
      for (let at = 0; at < input.length; at += 192) {
        const error = bnG1(input.subarray(at, at + 64), words) ?? bnG2(input.subarray(at + 64, at + 192), words);
        if (error !== undefined) return error;
      }
      return undefined;
    case 9:
      if (input.length !== 213) return invalidLength;
      return input[212] > 1 ? 'invalid final flag' : undefined;
    case 0x0b:
    case 0x0d: {
      const size = address === 0x0b ? 128 : 256;
      if (input.length !== 2 * size) return invalidLength;
      const decode = address === 0x0b ? blsG1 : blsG2;
      const first = decode(input.subarray(0, size));
      if (typeof first === 'string') return first;
      const second = decode(input.subarray(size));
      return typeof second === 'string' ? second : undefined;
    }
    case 0x0c:
      return eachPair(input, 160, (pair) => inGroup(blsG1(pair.subarray(0, 128)), 'g1'));
    case 0x0e:
      return eachPair(input, 288, (pair) => inGroup(blsG2(pair.subarray(0, 256)), 'g2'));
    case 0x0f:
      return eachPair(input, 384, blsPair);
    case 0x10:
    case 0x11: {
      const count = address === 0x10 ? 1 : 2;
      if (input.length !== 64 * count) return invalidLength;
      const elements = blsElements(input, count);
      return typeof elements === 'string' ? elements : undefined;
    }
    default:
      return undefined;
  }
}

/** The precompile's number (its address), or undefined for an address beyond Ethereum's precompiles. */
export function precompileNumber(address: Uint8Array): number | undefined {
  return isZero(address.subarray(0, 18)) ? (address[18] << 8) | address[19] : undefined;
}

/** geth's error for a precompile frame given `gas` that failed in ethereumjs with `ethereumjsError` (already in
 * geth's words where they agree); that error where the input does not tell geth's. bn254's in `words`. */
export function precompileError(
  address: number,
  input: Uint8Array,
  gas: bigint,
  ethereumjsError: string,
  rules: PrecompileRules,
  words: Bn254Words = 'gnark',
): string {
  const required = requiredGas(address, input, rules);
  const error = inputError(address, input, rules, words);
  // modexp's gas matters only when its input is refused: ethereumjs words that refusal as running out of gas.
  if (address === 5 && error === undefined) return ethereumjsError;
  if (required === undefined ? ethereumjsError === 'out of gas' : gas < required) return 'out of gas';
  return error ?? ethereumjsError;
}
