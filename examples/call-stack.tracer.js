{
  calls: [],

  step: function (log, db) {
    if (log.op.toString() === 'CALL') {
      this.calls.push({
        depth: log.getDepth(),
        pc: log.getPC(),
        gas: log.stack.peek(0).toString(),
        to: toHex(toAddress(log.stack.peek(1).toString(16))),
        value: log.stack.peek(2).toString()
      });
    }
  },

  fault: function (log, db) {
  },

  result: function (ctx, db) {
    return this.calls;
  }
}
