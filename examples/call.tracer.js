{
  stack: [],
  root: null,
  withLog: false,
  onlyTopCall: false,

  setup: function (cfg) {
    var config = typeof cfg === 'string' ? JSON.parse(cfg) : cfg;
    this.withLog = !!(config && config.withLog);
    this.onlyTopCall = !!(config && config.onlyTopCall);
  },

  hex: function (n) {
    return '0x' + bigInt(n).toString(16);
  },

  enter: function (frame) {
    var type = frame.getType();
    var call = {
      type: type,
      from: toHex(frame.getFrom()),
      to: toHex(frame.getTo()),
      input: toHex(frame.getInput())
    };
    var value = frame.getValue();
    if (value !== undefined && type !== 'DELEGATECALL') {
      call.value = '0x' + value.toString(16);
    }
    this.stack.push({ call: call, gas: frame.getGas() });
  },

  exit: function (res) {
    var frame = this.stack.pop();
    var call = frame.call;
    var error = res.getError();
    var output = toHex(res.getOutput());
    call.gas = this.hex(frame.gas);
    call.gasUsed = this.hex(res.getGasUsed());
    if (error !== undefined) {
      call.error = this.knownError(error) ? error : 'internal failure';
      if (call.type === 'CREATE' || call.type === 'CREATE2') {
        delete call.to;
      }
    } else if (output !== '0x') {
      call.output = output;
    }
    if (this.onlyTopCall) {
      return;
    }
    var parent = this.stack.length > 0 ? this.stack[this.stack.length - 1].call : this.top();
    if (!parent.calls) {
      parent.calls = [];
    }
    parent.calls.push(call);
  },

  knownError: function (error) {
    return error === 'execution reverted' || error === 'invalid jump destination' || error === 'write protection' ||
      error === 'return data out of bounds' || error === 'out of gas' || error.indexOf('invalid opcode') === 0 ||
      error.indexOf('stack') === 0;
  },

  top: function () {
    if (this.root === null) {
      this.root = { calls: [] };
    }
    return this.root;
  },

  step: function (log, db) {
    var depth = this.stack.length;
    if (!this.withLog) {
      return;
    }
    var op = log.op.toNumber();
    if (op < 0xa0 || op > 0xa4) {
      return;
    }
    var offset = log.stack.peek(0).valueOf();
    var size = log.stack.peek(1).valueOf();
    var topics = [];
    for (var i = 0; i < op - 0xa0; i++) {
      topics.push(toHex(toWord(log.stack.peek(2 + i).toString(16))));
    }
    var owner = depth > 0 ? this.stack[depth - 1].call : this.top();
    var entry = {
      address: toHex(log.contract.getAddress()),
      topics: topics,
      data: toHex(log.memory.slice(offset, offset + size)),
      position: this.hex(owner.calls ? owner.calls.length : 0)
    };
    if (!owner.logs) {
      owner.logs = [];
    }
    owner.logs.push(entry);
  },

  fault: function (log, db) {
  },

  result: function (ctx, db) {
    var top = this.top();
    var out = {
      type: ctx.type,
      from: toHex(ctx.from),
      to: toHex(ctx.to),
      value: '0x' + ctx.value.toString(16),
      gas: this.hex(ctx.gas),
      gasUsed: this.hex(ctx.gasUsed),
      input: toHex(ctx.input),
      output: toHex(ctx.output)
    };
    if (ctx.error !== undefined) {
      out.error = ctx.error;
    }
    if (top.logs) {
      out.logs = top.logs;
    }
    if (top.calls.length > 0) {
      out.calls = top.calls;
    }
    return out;
  }
}
