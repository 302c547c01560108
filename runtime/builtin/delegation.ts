// EIP-7702 delegation designators: code 0xef0100 followed by the 20-byte address the account runs.
const prefix = [0xef, 0x01, 0x00];

/** The address an account's code delegates to, or undefined when the code is not a designator. */
export function delegationTarget(code: Uint8Array): Uint8Array | undefined {
  if (code.length !== 23 || prefix.some((byte, i) => code[i] !== byte)) return undefined;
  return code.subarray(3);
}
