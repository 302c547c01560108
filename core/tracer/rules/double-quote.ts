// `double-quote`: providers reject any `"` in the tracer string. Flags double-quoted strings (and
// directives) and any `"` inside other strings, templates and regular expressions.
import type { Literal, TemplateElement } from 'acorn';
import { nodesOfType } from '../parse';
import { regexLiteral, singleQuoted, templateChunk } from '../quote';
import type { Rule, RuleFinding } from '../rule';

const FLATTEN_NOTE = 'providers reject double quotes in the tracer; flatten converts them';

export const doubleQuoteRule: Rule = {
  code: 'double-quote',
  defaultSeverity: 'warning',
  providerOnly: true,
  description: 'A double-quoted string, or a `"` inside a string, template or regex (flatten converts it). Off by default at ES2017.',
  check(tracer, report) {
    const literals = nodesOfType<Literal>(tracer, 'Literal'); // quoted keys included, in source order
    const templateElements = nodesOfType<TemplateElement>(tracer, 'TemplateElement');
    const findings: RuleFinding[] = [];
    for (const literal of literals) {
      const raw = literal.raw ?? '';
      if (typeof literal.value === 'string' && raw[0] === '"') {
        findings.push(
          finding(
            literal.start,
            literal.end,
            singleQuoted(raw),
            `Double-quoted string: ${FLATTEN_NOTE} to single quotes.`,
            'Use single quotes',
          ),
        );
      } else if (raw.includes('"')) {
        const fixed = literal.regex ? regexLiteral(raw) : singleQuoted(raw);
        findings.push(
          finding(
            literal.start,
            literal.end,
            fixed,
            `'"' inside a ${literal.regex ? 'regular expression' : 'string'}: ${FLATTEN_NOTE} to \\x22.`,
            'Write " as \\x22',
          ),
        );
      }
    }
    for (const element of templateElements) {
      const raw = element.value.raw;
      if (raw.includes('"'))
        findings.push(
          finding(
            element.start,
            element.end,
            templateChunk(raw),
            `'"' inside a template literal: ${FLATTEN_NOTE} to \\x22.`,
            'Write " as \\x22',
          ),
        );
    }
    findings.sort((a, b) => a.start - b.start).forEach(report);
  },
};

function finding(start: number, end: number, newText: string, message: string, title: string): RuleFinding {
  return { start, end, message, fixes: [{ title, edits: [{ start, end, newText }], preferred: true }] };
}
