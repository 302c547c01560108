// Every request the language server answers, each timed, for the protocol tests that throw hostile
// documents at it (fuzz.test.ts, huge.test.ts): a request must not cost the server more than a bound of CPU
// time (not wall time: a busy machine slows every process, not the work a request does), and one that does
// not answer at all means the server is stuck.
import { LSPErrorCodes, ResponseError, type Diagnostic, type Position } from 'vscode-languageserver-protocol';
import { FlattenRequest } from '../../core/protocol';
import type { TestClient } from './lsp-client';
import { procStat } from './nodes/process';

/** Generous, in the server's CPU milliseconds: requests take a few on the fuzz test's inputs, and answer at
 * once (without a parse) on documents over the size limit. */
export const BOUND_MS = 500;
/** A request unanswered this long means the server is stuck or gone: stop the run. */
export const STUCK_MS = 10_000;

export class Stuck extends Error {}

/** An answer that is not a failure: the server may cancel a request or call its document stale. */
function legitimate(error: unknown): boolean {
  return error instanceof ResponseError && (error.code === LSPErrorCodes.ServerCancelled || error.code === LSPErrorCodes.ContentModified);
}

export type Request = <R>(method: string, params: object) => Promise<R | undefined>;

export interface RequestOptions {
  /** Where a failed request, or one costing the server more CPU than `boundMs`, is described. */
  problems: string[];
  boundMs?: number;
  /** Each request's server CPU time, in milliseconds. */
  timings?: number[];
  /** Why the server is gone, once it is. */
  gone?: () => string | undefined;
}

/** The CPU time a process has used, in milliseconds (Linux counts in 10 ms ticks); 0 once it is gone, so a
 * dead server is reported as such, not as a failed read. */
const cpuMs = (pid: number): number => (procStat(pid)?.cpuTicks ?? 0) * 10;

/** Sends one request at a time (so each answer's CPU time is that request's own); throws `Stuck` when one
 * is not answered within STUCK_MS. A failed request answers undefined. */
export function requester(client: TestClient, { problems, boundMs = BOUND_MS, timings, gone }: RequestOptions): Request {
  return async <R>(method: string, params: object): Promise<R | undefined> => {
    const sent = cpuMs(client.pid);
    let timer: NodeJS.Timeout | undefined;
    const stuck = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const why = gone?.();
        reject(new Stuck(`${method}: no answer in ${STUCK_MS} ms${why ? `; ${why}` : ''}`));
      }, STUCK_MS);
    });
    try {
      return await Promise.race([client.connection.sendRequest<R>(method, params), stuck]);
    } catch (error) {
      if (error instanceof Stuck) throw error;
      if (!legitimate(error)) problems.push(`${method} failed: ${(error as Error).message}`);
      return undefined;
    } finally {
      clearTimeout(timer);
      const took = cpuMs(client.pid) - sent;
      timings?.push(took);
      if (took > boundMs) problems.push(`${method} took ${Math.round(took)} ms of CPU`);
    }
  };
}

/** What the document-wide requests answered (those at positions are only timed). */
export interface Answers {
  completion: unknown[];
  hover: unknown[];
  signatureHelp: unknown[];
  codeAction: unknown[];
  documentSymbol: unknown;
  foldingRange: unknown;
  selectionRange: unknown;
  flatten: unknown;
}

/** Every request but diagnostics, on the document at `uri`: completion, hover, signature help and code
 * actions (for the `diagnostics` on the line) at each position, then fix-all, symbols, folding, selection
 * ranges at all positions, and flatten. */
export async function everyFeature(request: Request, uri: string, positions: Position[], diagnostics: Diagnostic[]): Promise<Answers> {
  const textDocument = { uri };
  const answers: Answers = {
    completion: [],
    hover: [],
    signatureHelp: [],
    codeAction: [],
    documentSymbol: undefined,
    foldingRange: undefined,
    selectionRange: undefined,
    flatten: undefined,
  };
  for (const position of positions) {
    answers.completion.push(await request('textDocument/completion', { textDocument, position }));
    answers.hover.push(await request('textDocument/hover', { textDocument, position }));
    answers.signatureHelp.push(await request('textDocument/signatureHelp', { textDocument, position }));
    const range = { start: { line: position.line, character: 0 }, end: position };
    const near = diagnostics.filter((d) => d.range.start.line <= position.line && position.line <= d.range.end.line);
    answers.codeAction.push(await request('textDocument/codeAction', { textDocument, range, context: { diagnostics: near } }));
  }
  const start = positions[0];
  answers.codeAction.push(
    await request('textDocument/codeAction', {
      textDocument,
      range: { start, end: start },
      context: { diagnostics, only: ['source.fixAll.evm-tracer'] },
    }),
  );
  answers.documentSymbol = await request('textDocument/documentSymbol', { textDocument });
  answers.foldingRange = await request('textDocument/foldingRange', { textDocument });
  answers.selectionRange = await request('textDocument/selectionRange', { textDocument, positions });
  answers.flatten = await request(FlattenRequest.method, { uri });
  return answers;
}
