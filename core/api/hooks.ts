// The hooks geth calls on the tracer object (spec §1.1, §1.3, §2). `this` is the tracer in all of them.
import type { HookModel } from './types';

export const hooks: HookModel[] = [
  {
    name: 'step',
    params: [
      { name: 'log', type: 'log', role: 'the current opcode, stack, memory and frame' },
      { name: 'db', type: 'db', role: 'live state' },
    ],
    required: 'no',
    when: 'Before every opcode in every frame, after its gas is charged and before memory expands. An opcode that fails its pre-checks (stack, gas) still gets one step with log.getError() set.',
    returns: 'ignored',
    pitfalls: ['Runs for every opcode: keep it cheap, the node times out after 5 s by default.'],
  },
  {
    name: 'fault',
    params: [
      { name: 'log', type: 'log', role: 'the failing step (only its error is updated)' },
      { name: 'db', type: 'db', role: 'live state' },
    ],
    required: 'yes',
    when: 'Once when an opcode that passed its checks fails while executing (REVERT, bad jump, write protection, invalid opcode). Never for a failing child frame.',
    returns: 'ignored',
    pitfalls: ['Without a step hook, log is never filled: log.contract.* then crashes the node.'],
  },
  {
    name: 'enter',
    params: [{ name: 'frame', type: 'callFrame', role: 'the nested call or create' }],
    required: 'pair',
    when: 'When a nested frame (depth ≥ 1) starts, after the CALL/CREATE step; also for SELFDESTRUCT. Never for the top-level frame.',
    returns: 'ignored',
    pitfalls: ['enter and exit must both be defined or both be absent.'],
  },
  {
    name: 'exit',
    params: [{ name: 'res', type: 'frameResult', role: 'how the nested frame ended' }],
    required: 'pair',
    when: "When a nested frame ends, before the parent's next step.",
    returns: 'ignored',
    pitfalls: ['enter and exit must both be defined or both be absent.'],
  },
  {
    name: 'result',
    params: [
      { name: 'ctx', type: 'ctx', role: 'facts about the transaction' },
      { name: 'db', type: 'db', role: 'post-transaction state' },
    ],
    required: 'yes',
    when: 'Once at the end of the transaction, unless an earlier hook failed.',
    returns: 'the JSON result of the trace',
    pitfalls: [
      'Objects go through JSON.stringify; a top-level null/undefined becomes {}, and a host string longer than 16 characters (toHex of 8+ bytes, ctx.error) also becomes {}.',
      'A non-ASCII string returned directly becomes an array of UTF-16 code units.',
    ],
  },
  {
    name: 'setup',
    params: [{ name: 'config', type: 'string', role: 'tracerConfig as raw JSON text ("{}" when absent)' }],
    required: 'no',
    when: 'Once, before the transaction, with this = the tracer object.',
    returns: 'ignored',
    pitfalls: ['The argument is a string: call JSON.parse(config). Reassigning this.step here has no effect (hooks were already read).'],
  },
];
