{
  frames: [{ ops: [] }],

  pushes: function (op) {
    if (typeof op !== 'number') return 0;
    if (op >= 0x80 && op <= 0x9f) return (op & 0x0f) + 2;
    if (op >= 0x60 && op <= 0x7f) return 1;
    var none = [0x00, 0x37, 0x39, 0x3c, 0x50, 0x52, 0x53, 0x55, 0x56, 0x57, 0x5b, 0xf3, 0xf4, 0xff];
    if (none.indexOf(op) >= 0) return 0;
    var one = [[0x01, 0x0b], [0x10, 0x1a], [0x20, 0x20], [0x30, 0x3b], [0x40, 0x45], [0x51, 0x51], [0x54, 0x54], [0x58, 0x5a], [0xf0, 0xf2]];
    for (var i = 0; i < one.length; i++) {
      if (op >= one[i][0] && op <= one[i][1]) return 1;
    }
    return 0;
  },

  describeCall: function (log, entry, args) {
    var start = log.stack.peek(args).valueOf();
    entry.gas = log.stack.peek(0).valueOf();
    entry.to = log.stack.peek(1).toString(16);
    entry.input = log.memory.slice(start, start + log.stack.peek(args + 1).valueOf());
    entry.error = null;
    entry['return'] = null;
    entry.ops = [];
    this.frames.push(entry);
  },

  step: function (log, db) {
    var frame = this.frames[this.frames.length - 1];
    var error = log.getError();
    if (error) {
      frame.error = error;
      return;
    }
    var depth = log.getDepth();
    if (depth !== this.frames.length) {
      this.frames = this.frames.slice(0, depth);
      return;
    }
    var entry = { op: log.op.toNumber(), depth: depth, result: [] };
    var previous = frame.ops[frame.ops.length - 1];
    if (previous !== undefined) {
      var produced = this.pushes(previous.op);
      for (var i = 0; i < produced; i++) previous.result.push(log.stack.peek(i).toString(16));
    }
    var name = log.op.toString();
    if (name === 'CALL' || name === 'CALLCODE') {
      entry.value = log.stack.peek(2).toString();
      this.describeCall(log, entry, 3);
    } else if (name === 'DELEGATECALL' || name === 'STATICCALL') {
      entry.op = name;
      this.describeCall(log, entry, 2);
    } else if (name === 'RETURN' || name === 'REVERT') {
      var at = log.stack.peek(0).valueOf();
      frame['return'] = log.memory.slice(at, at + log.stack.peek(1).valueOf());
    } else if (name === 'STOP' || name === 'SELFDESTRUCT') {
      frame['return'] = log.memory.slice(0, 0);
    } else if (name === 'JUMPDEST') {
      entry.pc = log.getPC();
    }
    if (log.op.isPush()) entry.len = log.op.toNumber() - 0x5e;
    frame.ops.push(entry);
  },

  fault: function (log, db) {},

  result: function (ctx, db) {
    return this.frames[0].ops;
  }
}
