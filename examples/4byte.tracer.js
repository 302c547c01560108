{
  ids: {},

  isCall: function (op) {
    return op === 'CALL' || op === 'CALLCODE' || op === 'DELEGATECALL' || op === 'STATICCALL';
  },

  count: function (selector, size) {
    var key = toHex(selector) + '-' + size;
    this.ids[key] = (this.ids[key] || 0) + 1;
  },

  step: function (log, db) {
    var op = log.op.toString();
    if (!this.isCall(op)) {
      return;
    }
    var to = toAddress(log.stack.peek(1).toString(16));
    if (isPrecompiled(to)) {
      return;
    }
    var argsAt = op === 'CALL' || op === 'CALLCODE' ? 3 : 2;
    var offset = log.stack.peek(argsAt).valueOf();
    var size = log.stack.peek(argsAt + 1).valueOf();
    if (size >= 4) {
      this.count(log.memory.slice(offset, offset + 4), size - 4);
    }
  },

  fault: function (log, db) {
  },

  result: function (ctx, db) {
    if (ctx.input.length >= 4 && ctx.type === 'CALL' && !isPrecompiled(ctx.to)) {
      this.count(slice(ctx.input, 0, 4), ctx.input.length - 4);
    }
    return this.ids;
  }
}
