// Go's JSON forms of the values geth's native tracers print: hexutil quantities and bytes, addresses in
// lower case.
export const quantity = (value: number | bigint): string => '0x' + value.toString(16);
export const hexBytes = (bytes: Uint8Array): string => '0x' + Buffer.from(bytes).toString('hex');
