{
  frames: [],
  root: null,
  enter: function (frame) {
    this.frames.push({ type: frame.getType(), from: toHex(frame.getFrom()), to: toHex(frame.getTo()), input: toHex(frame.getInput()), gas: frame.getGas() });
  },
  exit: function (res) {
    var call = this.frames.pop();
    call.gasUsed = res.getGasUsed();
    if (res.getError() !== undefined) {
      call.error = res.getError();
    }
    var parent = this.frames.length > 0 ? this.frames[this.frames.length - 1] : this.top();
    parent.calls = parent.calls || [];
    parent.calls.push(call);
  },
  top: function () {
    this.root = this.root || {};
    return this.root;
  },
  fault: function (log, db) {},
  result: function (ctx, db) {
    var out = { type: ctx.type, from: toHex(ctx.from), to: toHex(ctx.to), gas: ctx.gas, gasUsed: ctx.gasUsed, input: toHex(ctx.input) };
    if (this.root && this.root.calls) {
      out.calls = this.root.calls;
    }
    return out;
  }
}
