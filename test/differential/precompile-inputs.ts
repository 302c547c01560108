// Crafted inputs for the precompiles that check what they are given (modexp's size cap from Osaka, bn254's
// points, blake2f's length and flag, BLS12-381's field elements and points): valid ones, and one of each way
// geth refuses an input (a wrong or empty length, a field element's top bytes set or not below the modulus, a
// point off the curve or outside the prime-order subgroup, too little gas for the work), so that both sides'
// failures are compared, error texts included.
import { bn254 } from '@noble/curves/bn254.js';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import type { Random } from './random';

export interface CraftedInput {
  /** What is wrong with it, if anything: named in the case's family. */
  kind: string;
  hex: string;
}

interface Fp2Value {
  c0: bigint;
  c1: bigint;
}

type Curve = typeof bn254 | typeof bls12_381;
type PointKind = 'valid' | 'infinity' | 'overflow' | 'off-curve' | 'subgroup' | 'top-bytes';

const hexOf = (value: bigint, bytes: number) => value.toString(16).padStart(bytes * 2, '0');

interface Field<T> {
  sqr(a: T): T;
  mul(a: T, b: T): T;
  add(a: T, b: T): T;
  sqrt(a: T): T;
}

/** The first point of y² = x³ + b with x = xAt(1), xAt(2)… that is on the curve but outside the prime-order
 * subgroup (bn254's G1 has none: its cofactor is 1). */
function outsideSubgroup<T>(field: Field<T>, b: T, xAt: (i: bigint) => T, torsionFree: (x: T, y: T) => boolean): { x: T; y: T } {
  for (let i = 1n; ; i++) {
    const x = xAt(i);
    let y: T;
    try {
      y = field.sqrt(field.add(field.mul(field.sqr(x), x), b));
    } catch {
      continue;
    }
    if (!torsionFree(x, y)) return { x, y };
  }
}

const fp2X = (i: bigint): Fp2Value => ({ c0: i, c1: 0n });
const outside = {
  bnG2: outsideSubgroup<Fp2Value>(bn254.fields.Fp2, bn254.G2.Point.CURVE().b as Fp2Value, fp2X, (x, y) =>
    bn254.G2.Point.fromAffine({ x, y }).isTorsionFree(),
  ),
  blsG1: outsideSubgroup(
    bls12_381.fields.Fp,
    bls12_381.G1.Point.CURVE().b,
    (i) => i,
    (x, y) => bls12_381.G1.Point.fromAffine({ x, y }).isTorsionFree(),
  ),
  blsG2: outsideSubgroup<Fp2Value>(bls12_381.fields.Fp2, bls12_381.G2.Point.CURVE().b as Fp2Value, fp2X, (x, y) =>
    bls12_381.G2.Point.fromAffine({ x, y }).isTorsionFree(),
  ),
};

/** The coordinates of a G1 point of this kind (bigints; 'top-bytes' is applied by the encoder). */
function g1(r: Random, curve: Curve, kind: PointKind): bigint[] {
  const p = curve.fields.Fp.ORDER;
  if (kind === 'infinity') return [0n, 0n];
  if (kind === 'subgroup') return curve === bls12_381 ? [outside.blsG1.x, outside.blsG1.y] : g1(r, curve, 'valid');
  const { x, y } = curve.G1.Point.BASE.multiply(BigInt(r.int(1000) + 1)).toAffine();
  if (kind === 'overflow') return r.chance(0.5) ? [x + p, y] : [x, y + p];
  if (kind === 'off-curve') return [x, (y + 1n) % p];
  return [x, y];
}

/** A G2 point's coordinates in the order (x.c0, x.c1, y.c0, y.c1). */
function g2(r: Random, curve: Curve, kind: PointKind): bigint[] {
  const p = curve.fields.Fp.ORDER;
  if (kind === 'infinity') return [0n, 0n, 0n, 0n];
  const { x, y } =
    kind === 'subgroup'
      ? curve === bn254
        ? outside.bnG2
        : outside.blsG2
      : curve.G2.Point.BASE.multiply(BigInt(r.int(1000) + 1)).toAffine();
  const coordinates = [x.c0, x.c1, y.c0, y.c1];
  if (kind === 'overflow') coordinates[r.int(4)] += p;
  if (kind === 'off-curve') coordinates[2] = (coordinates[2] + 1n) % p;
  return coordinates;
}

/** bn254's encoding: 32-byte words, a G2 coordinate's imaginary part first. */
const bnG1 = (c: bigint[]) => c.map((v) => hexOf(v, 32)).join('');
const bnG2 = (c: bigint[]) => [c[1], c[0], c[3], c[2]].map((v) => hexOf(v, 32)).join('');

/** BLS12-381's encoding: 64-byte field elements (16 zero bytes, then 48), a G2 coordinate's real part first;
 * 'top-bytes' sets one of a random element's top 16 bytes. */
function blsElements(r: Random, elements: bigint[], kind: PointKind): string {
  const hex = elements.map((v) => hexOf(v, 64));
  if (kind === 'top-bytes') {
    const i = r.int(hex.length);
    const at = r.int(16) * 2;
    hex[i] = hex[i].slice(0, at) + hexOf(BigInt(r.int(255) + 1), 1) + hex[i].slice(at + 2);
  }
  return hex.join('');
}

const scalar = (r: Random) => hexOf(r.word(), 32);

function pointKind(r: Random, kinds: PointKind[]): PointKind {
  // Mostly valid points, so that a pair's second point or a later pair is reached too.
  return r.chance(0.5) ? 'valid' : r.pick(kinds);
}

const bnKinds: PointKind[] = ['infinity', 'overflow', 'off-curve'];
const blsKinds: PointKind[] = ['infinity', 'overflow', 'off-curve', 'top-bytes', 'subgroup'];

/** `count` pieces of `piece`, and the kinds they hold. */
function repeated(count: number, piece: () => [string, PointKind[]]): [string, PointKind[]] {
  const parts = Array.from({ length: count }, piece);
  return [parts.map(([hex]) => hex).join(''), parts.flatMap(([, kinds]) => kinds)];
}

/** modexp's header and operands, now and then with a length over EIP-7823's cap of 1024 bytes. */
function modexp(r: Random): [string, string] {
  const lengths = [r.pick([1n, 32n, 1025n]), r.pick([0n, 1n, 32n, 1025n]), r.pick([1n, 32n, 1025n])];
  if (r.chance(0.2)) lengths[r.int(3)] = r.pick([1n << 64n, (1n << 256n) - 1n]);
  const operands = r.hex(r.int(64));
  return [lengths.map((l) => hexOf(l, 32)).join('') + operands, lengths.some((l) => l > 1024n) ? 'oversized' : 'valid'];
}

function blake2f(r: Random): [string, string] {
  const rounds = r.pick([0, 1, 12, 0xffff, 0xffffffff]);
  const flag = r.pick([0, 1, 1, 2, 0x80]);
  return [hexOf(BigInt(rounds), 4) + r.hex(208) + hexOf(BigInt(flag), 1), flag > 1 ? 'final-flag' : rounds > 0xffff ? 'rounds' : 'valid'];
}

/** The well-formed input of a precompile that checks its input, and the kinds of the points in it. */
function shaped(r: Random, address: number): [string, PointKind[]] | [string, string] | undefined {
  const bnPoint = (): [string, PointKind[]] => {
    const kind = pointKind(r, bnKinds);
    return [bnG1(g1(r, bn254, kind)), [kind]];
  };
  const blsG1 = (): [string, PointKind[]] => {
    const kind = pointKind(r, blsKinds);
    return [blsElements(r, g1(r, bls12_381, kind), kind), [kind]];
  };
  const blsG2 = (): [string, PointKind[]] => {
    const kind = pointKind(r, blsKinds);
    return [blsElements(r, g2(r, bls12_381, kind), kind), [kind]];
  };
  const field = (n: number): [string, PointKind[]] => {
    const kind = pointKind(r, ['overflow', 'top-bytes']);
    const p = bls12_381.fields.Fp.ORDER;
    const values = Array.from({ length: n }, () => BigInt('0x' + r.hex(48)) % p);
    if (kind === 'overflow') values[r.int(n)] += p;
    return [blsElements(r, values, kind), [kind]];
  };
  const join = (...parts: Array<[string, PointKind[]]>): [string, PointKind[]] => [
    parts.map(([hex]) => hex).join(''),
    parts.flatMap(([, kinds]) => kinds),
  ];
  switch (address) {
    case 5:
      return modexp(r);
    case 6:
      return join(bnPoint(), bnPoint());
    case 7:
      return join(bnPoint(), [scalar(r), []]);
    case 8:
      return repeated(r.int(3), () => {
        const kind = pointKind(r, [...bnKinds, 'subgroup']);
        return join(bnPoint(), [bnG2(g2(r, bn254, kind)), [kind]]);
      });
    case 9:
      return blake2f(r);
    case 0x0b:
      return join(blsG1(), blsG1());
    case 0x0c:
      return repeated(r.int(2) + 1, () => join(blsG1(), [scalar(r), []]));
    case 0x0d:
      return join(blsG2(), blsG2());
    case 0x0e:
      return repeated(r.int(2) + 1, () => join(blsG2(), [scalar(r), []]));
    case 0x0f:
      return repeated(r.int(2) + 1, () => join(blsG1(), blsG2()));
    case 0x10:
      return field(1);
    case 0x11:
      return field(2);
    default:
      return undefined;
  }
}

/** A crafted input for the precompile at `address`, or undefined for one that takes any input. Now and then its
 * length is cut, grown or zero. */
export function craftedInput(r: Random, address: number): CraftedInput | undefined {
  const made = shaped(r, address);
  if (!made) return undefined;
  const [hex, kinds] = made;
  const described = typeof kinds === 'string' ? kinds : (kinds.find((k) => k !== 'valid') ?? 'valid');
  const length = r.weighted({ as: 8, empty: 1, short: 1, long: 1 });
  if (length === 'empty') return { kind: 'empty', hex: '' };
  if (length === 'short' && hex.length > 2)
    return { kind: 'short', hex: hex.slice(0, hex.length - 2 * (r.int(Math.min(40, hex.length / 2 - 1)) + 1)) };
  if (length === 'long') return { kind: 'long', hex: hex + r.hex(r.pick([1, 32])) };
  return { kind: described, hex };
}
