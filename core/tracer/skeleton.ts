// The tracer an empty file is offered: the four hooks a newcomer starts from, collecting each opcode's name
// (what the `tracer` snippet inserts with its placeholders at their defaults).
export const TRACER_SKELETON = `{
  data: [],
  step: function (log, db) {
    this.data.push(log.op.toString());
  },
  fault: function (log, db) {
    this.data.push({ error: log.getError() });
  },
  result: function (ctx, db) {
    return this.data;
  }
}
`;

/** Whether the text holds nothing yet (white space only): a new file, not a tracer with a problem. */
export function isBlank(text: string): boolean {
  return !/\S/.test(text);
}
