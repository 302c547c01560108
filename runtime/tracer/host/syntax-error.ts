// geth's text for a tracer that does not compile (spec §1.2), reproduced from acorn's first error:
// `SyntaxError: SyntaxError: (anonymous): Line L:C Unexpected token X`, or for early errors
// `SyntaxError: SyntaxError: <message> at L:C`. goja keeps parsing and adds ` (and N more errors)`;
// acorn stops at the first error, so that suffix is never produced.
import { Parser, type Program } from 'acorn';

interface AcornError extends SyntaxError {
  pos: number;
  loc: { line: number; column: number };
}

/** Thrown where acorn runs out of stack on deeply nested text. */
class TooDeep extends Error {}

/** acorn, except that running out of stack is not turned into a syntax error with a regular expression
 * test, which V8 may have to compile right at the stack limit and which then aborts the whole process. */
const SafeParser = Parser.extend(
  (Base) =>
    class extends (Base as unknown as new (...args: unknown[]) => object) {
      catchStackOverflow<T>(run: () => T): T {
        try {
          return run();
        } catch (error) {
          if (error instanceof RangeError) throw new TooDeep();
          throw error;
        }
      }
    } as unknown as typeof Parser,
);

/** `wrapped` (the `(`+source+`)` text) parsed: its tree, or geth's syntax error text, or neither when it
 * nests too deeply for acorn (goja parses any depth; V8's compile then decides). */
export function parseWrapped(wrapped: string): { program?: Program; error?: string } {
  try {
    return { program: SafeParser.parse(wrapped, { ecmaVersion: 2022, sourceType: 'script', allowReturnOutsideFunction: false }) };
  } catch (error) {
    if (error instanceof TooDeep) return {};
    return { error: gethSyntaxError(error, wrapped) };
  }
}

/** geth's text for acorn's syntax error. */
function gethSyntaxError(error: unknown, wrapped: string): string {
  const e = error as AcornError;
  if (!e.loc) return `SyntaxError: SyntaxError: (anonymous): ${String(e.message)}`;
  const where = `${e.loc.line}:${e.loc.column + 1}`;
  const message = e.message.replace(/ \(\d+:\d+\)$/, '');
  if (/has already been declared/.test(message)) return `SyntaxError: SyntaxError: ${message} at ${where}`;
  if (message.startsWith('Unexpected token')) {
    const token = tokenAt(wrapped, e.pos);
    return `SyntaxError: SyntaxError: (anonymous): Line ${where} ${token === undefined ? 'Unexpected end of input' : `Unexpected token ${token}`}`;
  }
  return `SyntaxError: SyntaxError: (anonymous): Line ${where} ${message}`;
}

function tokenAt(text: string, pos: number): string | undefined {
  if (pos >= text.length) return undefined;
  const word = /^[A-Za-z_$][\w$]*|^\d[\w.]*/.exec(text.slice(pos));
  return word ? word[0] : text[pos];
}

/** The message geth gives for the V8 compile error of a text acorn accepted (rare: engine differences). */
export function v8SyntaxError(error: unknown): string {
  return `SyntaxError: SyntaxError: (anonymous): ${error instanceof Error ? error.message : String(error)}`;
}
