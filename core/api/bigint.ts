// bigInt values (the old, non-native BigInteger.js build geth loads; spec §3.7): the instance methods
// and the members of the global `bigInt` function.
import type { ApiMember, ApiObject, ApiParam, TypeName } from './types';

const other: ApiParam = { name: 'n', accepts: 'bigInt | number | string', role: 'the other operand' };

function op(name: string, returns: TypeName, description: string, params: ApiParam[] = [other], aliasOf?: string): ApiMember {
  return { name, kind: 'method', params, returns, description, ...(aliasOf ? { aliasOf } : {}) };
}

/** Each documented method with its aliases next to it; aliases point at the main name. */
const methods: ApiMember[] = [
  op('add', 'bigInt', 'Sum.'),
  op('plus', 'bigInt', 'Sum.', [other], 'add'),
  op('subtract', 'bigInt', 'Difference.'),
  op('minus', 'bigInt', 'Difference.', [other], 'subtract'),
  op('multiply', 'bigInt', 'Product.'),
  op('times', 'bigInt', 'Product.', [other], 'multiply'),
  op('divide', 'bigInt', 'Quotient, rounded towards zero.'),
  op('over', 'bigInt', 'Quotient, rounded towards zero.', [other], 'divide'),
  op('mod', 'bigInt', 'Remainder; takes the sign of this value.'),
  op('pow', 'bigInt', 'This value raised to a power.', [{ name: 'exponent', accepts: 'bigInt | number', role: 'exponent' }]),
  op('compare', 'number', '-1, 0 or 1.'),
  op('equals', 'boolean', 'Numeric equality (use this, not ===).'),
  op('eq', 'boolean', 'Numeric equality.', [other], 'equals'),
  op('notEquals', 'boolean', 'Numeric inequality.'),
  op('neq', 'boolean', 'Numeric inequality.', [other], 'notEquals'),
  op('lt', 'boolean', 'Less than.'),
  op('gt', 'boolean', 'Greater than.'),
  op('leq', 'boolean', 'Less than or equal.'),
  op('geq', 'boolean', 'Greater than or equal.'),
  op('isZero', 'boolean', 'True for 0.', []),
  op('isNegative', 'boolean', 'True below 0.', []),
  op('isPositive', 'boolean', 'True above 0.', []),
  op('abs', 'bigInt', 'Absolute value.', []),
  op('negate', 'bigInt', 'The value with its sign flipped.', []),
  op('shiftLeft', 'bigInt', 'Shifted left by n bits.', [{ name: 'bits', accepts: 'number', role: 'bit count' }]),
  op('shiftRight', 'bigInt', 'Shifted right by n bits.', [{ name: 'bits', accepts: 'number', role: 'bit count' }]),
  op('and', 'bigInt', 'Bitwise AND.'),
  op('or', 'bigInt', 'Bitwise OR.'),
  op('xor', 'bigInt', 'Bitwise XOR.'),
  op('not', 'bigInt', "Bitwise NOT (two's complement: -n-1).", []),
  op('toString', 'string', 'Digits in the given radix (default 10), without a 0x prefix.', [
    { name: 'radix', accepts: 'number', role: 'base, e.g. 16', optional: true },
  ]),
  op('toJSNumber', 'number', 'As a JS number (lossy above 2^53).', []),
  op('valueOf', 'number', 'As a JS number (lossy above 2^53); used by +, == and <.', []),
  op('toJSON', 'string', 'The decimal string; this is how a bigInt appears in result JSON.', []),
  // Further BigInteger.js methods the spec does not list: known so they complete and are not flagged.
  op('square', 'bigInt', 'This value squared.', []),
  op('modPow', 'bigInt', 'This value to a power, modulo m.', [
    { name: 'exponent', accepts: 'bigInt | number', role: 'exponent' },
    { name: 'm', accepts: 'bigInt | number', role: 'modulus' },
  ]),
  op('compareAbs', 'number', 'Compares absolute values: -1, 0 or 1.'),
  op('compareTo', 'number', '-1, 0 or 1.', [other], 'compare'),
  op('lesser', 'boolean', 'Less than.', [other], 'lt'),
  op('greater', 'boolean', 'Greater than.', [other], 'gt'),
  op('lesserOrEquals', 'boolean', 'Less than or equal.', [other], 'leq'),
  op('greaterOrEquals', 'boolean', 'Greater than or equal.', [other], 'geq'),
  op('isEven', 'boolean', 'True for even values.', []),
  op('isOdd', 'boolean', 'True for odd values.', []),
  op('isUnit', 'boolean', 'True for 1 and -1.', []),
  op('isDivisibleBy', 'boolean', 'True if n divides this value.'),
  op('isPrime', 'boolean', 'Primality test.', []),
  op('isProbablePrime', 'boolean', 'Probabilistic primality test (random bases).', [
    { name: 'iterations', accepts: 'number', role: 'rounds (default 5)', optional: true },
  ]),
  op('remainder', 'bigInt', 'Remainder; takes the sign of this value.', [other], 'mod'),
  op('modInv', 'bigInt', 'The inverse of this value modulo n; throws when they are not co-prime.', [
    { name: 'n', accepts: 'bigInt | number', role: 'modulus' },
  ]),
  op('next', 'bigInt', 'This value plus one.', []),
  op('prev', 'bigInt', 'This value minus one.', []),
  op('divmod', 'any', 'Quotient and remainder as {quotient, remainder}.'),
];

export const bigIntObject: ApiObject = {
  name: 'bigInt',
  label: 'bigInt',
  description: 'An arbitrary-precision integer (BigInteger.js object, typeof "object"; not a JS BigInt). Serialises as a decimal string.',
  members: methods.map((m) => ({
    ...m,
    pitfalls:
      m.name === 'valueOf' || m.name === 'toJSNumber'
        ? ['v + 1 and v == 1 use this lossy number; v === 1 is always false. Prefer the bigInt methods.']
        : m.pitfalls,
  })),
};

/** Members of the global `bigInt` function itself. */
export const bigIntStatics: ApiMember[] = [
  {
    name: 'isInstance',
    kind: 'method',
    params: [{ name: 'x', accepts: 'any', role: 'value to test' }],
    returns: 'boolean',
    description: 'True if x is a bigInt.',
  },
];

export const bigIntFactory: ApiMember = {
  name: 'bigInt',
  kind: 'method',
  params: [
    { name: 'x', accepts: 'number | string | bigInt', role: 'value (strings are decimal unless a radix is given)' },
    { name: 'radix', accepts: 'number', role: 'base of x when it is a string, e.g. 16 (no 0x prefix)', optional: true },
  ],
  returns: 'bigInt',
  description: 'Makes a bigInt. There is no native BigInt (10n is a syntax error) and no big.NewInt.',
  pitfalls: ['An invalid string throws "Invalid integer: …" (a catchable JS error).'],
};
