{
  accesses: [],

  step: function (log, db) {
    var op = log.op.toString();
    if (op !== 'SLOAD' && op !== 'SSTORE') {
      return;
    }
    var address = log.contract.getAddress();
    var slot = toWord(log.stack.peek(0).toString(16));
    var entry = {
      op: op,
      address: toHex(address),
      slot: toHex(slot),
      before: toHex(db.getState(address, slot))
    };
    if (op === 'SSTORE') {
      entry.value = toHex(toWord(log.stack.peek(1).toString(16)));
    }
    this.accesses.push(entry);
  },

  fault: function (log, db) {
  },

  result: function (ctx, db) {
    return this.accesses;
  }
}
