{
  tag: '',
  calls: [],
  setup: function (config) {
    this.tag = JSON.parse(config).tag;
  },
  enter: function (frame) {
    this.calls.push(frame.getType());
  },
  exit: function (res) {},
  fault: function (log, db) {},
  result: function (ctx, db) {
    return { tag: this.tag, type: ctx.type, from: toHex(ctx.from), to: toHex(ctx.to), input: toHex(ctx.input), calls: this.calls };
  }
}
