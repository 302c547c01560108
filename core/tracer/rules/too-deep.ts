// `too-deep`: the text nests deeper than the checker's parser can follow. Not a syntax error (geth may run
// it), but nothing else can be checked, and the file cannot be flattened.
import type { Rule } from '../rule';

export const tooDeepRule: Rule = {
  code: 'too-deep',
  defaultSeverity: 'error',
  description:
    'The code is nested too deeply for the checker to parse (hundreds of levels of brackets, or thousands of chained else-if, ?: or = ): it cannot be checked or flattened.',
  check(tracer, report) {
    if (tracer.tooDeep) report(tracer.tooDeep);
  },
};
