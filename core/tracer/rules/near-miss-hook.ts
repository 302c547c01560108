// `near-miss-hook`: a function member named almost like a hook (`stpe`, `Result`) that geth would never call.
import { editDistance } from '../edit-distance';
import { HOOK_NAMES, type HookName } from '../../api/hook-names';
import { callability, findProperty } from '../parse';
import type { Rule } from '../rule';

function nearestHook(name: string): HookName | undefined {
  if ((HOOK_NAMES as readonly string[]).includes(name)) return undefined;
  return HOOK_NAMES.find((hook) => name.toLowerCase() === hook || editDistance(name.toLowerCase(), hook, 2) <= (hook.length <= 5 ? 1 : 2));
}

export const nearMissHookRule: Rule = {
  code: 'near-miss-hook',
  defaultSeverity: 'warning',
  description: 'A function member named almost like a hook (`stpe`, `Result`): geth never calls it.',
  check(tracer, report) {
    for (const property of tracer.properties) {
      if (property.name === undefined || callability(property) !== 'yes') continue;
      const hook = nearestHook(property.name);
      if (!hook || findProperty(tracer, hook)) continue;
      const key = property.node.key;
      report({
        start: key.start,
        end: key.end,
        message: `'${property.name}' looks like the hook '${hook}', which geth would call; it never calls '${property.name}'. Rename it to '${hook}'.`,
        fixes: [{ title: `Rename to '${hook}'`, edits: [{ start: key.start, end: key.end, newText: hook }] }],
      });
    }
  },
};
