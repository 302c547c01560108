{
  counts: {},

  count: function (selector, size) {
    var key = toHex(selector) + '-' + size;
    this.counts[key] = (this.counts[key] || 0) + 1;
  },

  step: function (log, db) {
    var name = log.op.toString();
    var args;
    if (name === 'CALL' || name === 'CALLCODE') args = 3;
    else if (name === 'DELEGATECALL' || name === 'STATICCALL') args = 2;
    else return;
    if (isPrecompiled(toAddress(log.stack.peek(1).toString(16)))) return;
    var size = log.stack.peek(args + 1).valueOf();
    if (size < 4) return;
    var start = log.stack.peek(args).valueOf();
    this.count(log.memory.slice(start, start + 4), size - 4);
  },

  fault: function (log, db) {},

  result: function (ctx, db) {
    if (ctx.input.length >= 4) this.count(slice(ctx.input, 0, 4), ctx.input.length - 4);
    return this.counts;
  }
}
