// Syntax trees compared for meaning: positions, raw text and quote style are ignored; string values,
// regex patterns (with " and \x22 taken as the same character) and strictness are kept.
import { parseTracer } from '../../../core/tracer/parse';
import type { EcmaVersion } from '../../../core/tracer/diagnostic';

const IGNORED = new Set(['start', 'end', 'loc', 'range', 'raw']);

/** A regex pattern with \" and \x22 written as " (other escape pairs, such as \\, kept whole). */
function samePatternQuotes(pattern: string): string {
  return pattern.replace(/\\(x22|.)/g, (pair, escaped: string) => (escaped === 'x22' || escaped === '"' ? '"' : pair));
}

function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalize);
  if (value === null || typeof value !== 'object') return value;
  const node = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(node)) {
    if (IGNORED.has(key)) continue;
    if (key === 'regex') {
      const regex = child as { pattern: string; flags: string };
      out.regex = { pattern: samePatternQuotes(regex.pattern), flags: regex.flags };
    } else if (key === 'value' && node.type === 'Literal' && node.regex) {
      continue; // a RegExp object; the pattern above stands for it
    } else if (key === 'value' && node.type === 'TemplateElement') {
      out.cooked = (child as { cooked: string }).cooked;
    } else if (key === 'directive') {
      out.strict = child === 'use strict';
    } else {
      out[key] = normalize(child);
    }
  }
  return out;
}

/** The tracer's expression tree, normalised; throws if the text does not parse. */
export function meaningOf(text: string, ecmaVersion: EcmaVersion = 5): unknown {
  const parsed = parseTracer(text, { ecmaVersion });
  if (!parsed.expression || parsed.syntaxErrors.length > 0) {
    throw new Error(`does not parse: ${parsed.syntaxErrors.map((e) => e.message).join('; ')}\n${text.slice(0, 500)}`);
  }
  return normalize(parsed.expression);
}
