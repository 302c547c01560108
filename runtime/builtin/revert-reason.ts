// geth's abi.UnpackRevert: the reason text of `Error(string)` revert data, or a Panic(uint256) code's
// meaning; anything else (custom errors, malformed data) has no reason.

const errorSelector = '08c379a0';
const panicSelector = '4e487b71';

const panicReasons = new Map<bigint, string>([
  [0x00n, 'generic panic'],
  [0x01n, 'assert(false)'],
  [0x11n, 'arithmetic underflow or overflow'],
  [0x12n, 'division or modulo by zero'],
  [0x21n, 'enum overflow'],
  [0x22n, 'invalid encoded storage byte array accessed'],
  [0x31n, 'out-of-bounds array access; popping on an empty array'],
  [0x32n, 'out-of-bounds access of an array or bytesN'],
  [0x41n, 'out of memory'],
  [0x51n, 'uninitialized function'],
]);

function word(data: Uint8Array, at: number): bigint | undefined {
  if (at + 32 > data.length) return undefined;
  return BigInt('0x' + Buffer.from(data.subarray(at, at + 32)).toString('hex'));
}

function selector(data: Uint8Array): string {
  return Buffer.from(data.subarray(0, 4)).toString('hex');
}

export function revertReason(output: Uint8Array): string | undefined {
  if (output.length < 4) return undefined;
  const body = output.subarray(4);
  if (selector(output) === panicSelector) {
    const code = word(body, 0);
    if (code === undefined) return undefined;
    return panicReasons.get(code) ?? `unknown panic code: 0x${code.toString(16)}`;
  }
  if (selector(output) !== errorSelector) return undefined;
  const offset = word(body, 0);
  if (offset === undefined || offset + 32n > BigInt(body.length)) return undefined;
  const length = word(body, Number(offset));
  const start = Number(offset) + 32;
  if (length === undefined || BigInt(start) + length > BigInt(body.length)) return undefined;
  return new TextDecoder().decode(body.subarray(start, start + Number(length)));
}
