// A tracer that lists the opcodes it steps through, one statement per line so that a debugger can stop on
// `step`'s body (line 3, 0-based), for the debug-run tests and the debug bench.
export const opsTracerText = [
  '{',
  '  ops: [],',
  '  step: function (log) {',
  '    this.ops.push(log.op.toString());',
  '  },',
  '  fault: function () {},',
  '  result: function () { return this.ops; }',
  '}',
].join('\n');
