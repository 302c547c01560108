// `unpaired-enter-exit`: geth requires enter and exit together or neither.
import { addMemberEdit } from '../object-edit';
import { callability, findProperty, hasSpread } from '../parse';
import type { Rule } from '../rule';

const SKELETONS = { enter: 'enter: function (frame) {}', exit: 'exit: function (frameResult) {}' };

export const unpairedEnterExitRule: Rule = {
  code: 'unpaired-enter-exit',
  defaultSeverity: 'error',
  description: 'Only one of `enter`/`exit` is a function (geth needs both or neither).',
  check(tracer, report) {
    if (!tracer.object || hasSpread(tracer)) return;
    const enter = findProperty(tracer, 'enter');
    const exit = findProperty(tracer, 'exit');
    const [hasEnter, hasExit] = [callability(enter), callability(exit)];
    if (hasEnter === 'unknown' || hasExit === 'unknown' || hasEnter === hasExit) return;
    const [present, missing] = hasEnter === 'yes' ? (['enter', 'exit'] as const) : (['exit', 'enter'] as const);
    const node = (present === 'enter' ? enter : exit)!.node;
    const absent = (missing === 'enter' ? enter : exit) === undefined;
    const edit = absent ? addMemberEdit(tracer, SKELETONS[missing]) : undefined;
    report({
      start: node.key.start,
      end: node.key.end,
      message: `'${present}' without '${missing}': geth refuses the tracer with "trace object must expose either both or none of enter() and exit()". Add ${SKELETONS[missing]} or remove '${present}'.`,
      fixes: edit ? [{ title: `Add an '${missing}' hook`, edits: [edit], preferred: true }] : undefined,
    });
  },
};
