// Custom LSP messages shared by the language server and the extension. Plain method names and types
// (no RequestType object): server and client bundle different copies of the protocol library.

export interface FlattenParams {
  uri: string;
}

/** The flattened tracer, or why it cannot be flattened (one `file:line:col: message` line per problem). */
export type FlattenResult = { code: string } | { error: string };

/** `evmTracer/flatten`: the document as one line a provider accepts (see core/tracer/flatten.ts). */
export const FlattenRequest = { method: 'evmTracer/flatten' } as const;
