// The BigInteger.js library as source text: it is evaluated inside each tracer context so that `bigInt`
// values belong to that context, as in geth where the library runs inside the tracer's own runtime.
import source from 'big-integer/BigInteger.js' with { type: 'text' };

export const bigIntLibrarySource: string = source;
