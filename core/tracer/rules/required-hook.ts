// `missing-result`, `missing-fault`: geth refuses a tracer whose result or fault is not a function.
import { addMemberEdit } from '../object-edit';
import { callability, findProperty, hasSpread } from '../parse';
import type { Rule } from '../rule';

function requiredHookRule(hook: 'result' | 'fault', skeleton: string): Rule {
  return {
    code: `missing-${hook}`,
    defaultSeverity: 'error',
    description: `The object has no function \`${hook}\` (geth: "trace object must expose a function ${hook}()").`,
    check(tracer, report) {
      if (!tracer.object || hasSpread(tracer)) return;
      const property = findProperty(tracer, hook);
      if (callability(property) !== 'no') return;
      const wording = `trace object must expose a function ${hook}()`;
      if (property) {
        report({
          start: property.node.start,
          end: property.node.end,
          message: `'${hook}' must be a function: geth refuses the tracer with "${wording}".`,
        });
        return;
      }
      const edit = addMemberEdit(tracer, skeleton);
      report({
        start: tracer.object.start,
        end: tracer.object.start + 1,
        message: `The tracer has no '${hook}' hook: geth refuses it with "${wording}". Add ${skeleton}.`,
        fixes: edit ? [{ title: `Add a '${hook}' hook`, edits: [edit], preferred: true }] : undefined,
      });
    },
  };
}

export const missingResultRule = requiredHookRule('result', 'result: function (ctx, db) { return {}; }');
export const missingFaultRule = requiredHookRule('fault', 'fault: function (log, db) {}');
