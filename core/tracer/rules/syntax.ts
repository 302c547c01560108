// `syntax`: what keeps the node from compiling the tracer (parse errors, later-ECMAScript syntax).
import type { Rule } from '../rule';

export const syntaxRule: Rule = {
  code: 'syntax',
  defaultSeverity: 'error',
  description:
    'The text does not compile as one expression at the target ECMAScript level (names ES2015+ syntax, its ES5 form, and how to target an ES2017 node).',
  check(tracer, report) {
    for (const problem of tracer.syntaxErrors) report(problem);
    if (tracer.unterminatedLineComment) report(tracer.unterminatedLineComment);
  },
};
