{
  open: [{}],
  awaitingChild: false,

  top: function () {
    return this.open[this.open.length - 1];
  },

  attach: function (parent, child) {
    if (parent.calls === undefined) parent.calls = [];
    parent.calls.push(child);
  },

  hexNumber: function (n) {
    return '0x' + bigInt(n).toString(16);
  },

  callFrame: function (log, name) {
    var target = toAddress(log.stack.peek(1).toString(16));
    if (isPrecompiled(target)) return undefined;
    var shift = name === 'CALL' || name === 'CALLCODE' ? 1 : 0;
    var inStart = log.stack.peek(2 + shift).valueOf();
    var frame = {
      type: name,
      from: toHex(log.contract.getAddress()),
      to: toHex(target),
      input: toHex(log.memory.slice(inStart, inStart + log.stack.peek(3 + shift).valueOf())),
      gasIn: log.getGas(),
      gasCost: log.getCost(),
      outOff: log.stack.peek(4 + shift).valueOf(),
      outLen: log.stack.peek(5 + shift).valueOf()
    };
    if (shift === 1) frame.value = '0x' + log.stack.peek(2).toString(16);
    return frame;
  },

  createFrame: function (log, name) {
    var inStart = log.stack.peek(1).valueOf();
    return {
      type: name,
      from: toHex(log.contract.getAddress()),
      input: toHex(log.memory.slice(inStart, inStart + log.stack.peek(2).valueOf())),
      gasIn: log.getGas(),
      gasCost: log.getCost(),
      value: '0x' + log.stack.peek(0).toString(16)
    };
  },

  close: function (log, db) {
    var frame = this.open.pop();
    var status = log.stack.peek(0);
    if (frame.type === 'CREATE' || frame.type === 'CREATE2') {
      frame.gasUsed = this.hexNumber(frame.gasIn - frame.gasCost - log.getGas());
      if (!status.equals(0)) {
        var created = toAddress(status.toString(16));
        frame.to = toHex(created);
        frame.output = toHex(db.getCode(created));
      } else if (frame.error === undefined) {
        frame.error = 'internal failure';
      }
    } else {
      if (frame.gas !== undefined) frame.gasUsed = this.hexNumber(frame.gasIn - frame.gasCost + frame.gas - log.getGas());
      if (!status.equals(0)) frame.output = toHex(log.memory.slice(frame.outOff, frame.outOff + frame.outLen));
      else if (frame.error === undefined) frame.error = 'internal failure';
    }
    this.strip(frame);
    if (frame.gas !== undefined) frame.gas = this.hexNumber(frame.gas);
    this.attach(this.top(), frame);
  },

  strip: function (frame) {
    delete frame.gasIn;
    delete frame.gasCost;
    delete frame.outOff;
    delete frame.outLen;
  },

  step: function (log, db) {
    if (log.getError() !== undefined) {
      this.fault(log, db);
      return;
    }
    var system = (log.op.toNumber() & 0xf0) === 0xf0;
    var name = system ? log.op.toString() : '';
    if (name === 'CREATE' || name === 'CREATE2') {
      this.open.push(this.createFrame(log, name));
      this.awaitingChild = true;
      return;
    }
    if (name === 'SELFDESTRUCT') {
      this.attach(this.top(), {
        type: name,
        from: toHex(log.contract.getAddress()),
        to: toHex(toAddress(log.stack.peek(0).toString(16))),
        gasIn: log.getGas(),
        gasCost: log.getCost(),
        value: '0x' + db.getBalance(log.contract.getAddress()).toString(16)
      });
      return;
    }
    if (name === 'CALL' || name === 'CALLCODE' || name === 'DELEGATECALL' || name === 'STATICCALL') {
      var frame = this.callFrame(log, name);
      if (frame === undefined) return;
      this.open.push(frame);
      this.awaitingChild = true;
      return;
    }
    if (this.awaitingChild) {
      if (log.getDepth() >= this.open.length) this.top().gas = log.getGas();
      this.awaitingChild = false;
    }
    if (name === 'REVERT') {
      this.top().error = 'execution reverted';
      return;
    }
    if (log.getDepth() === this.open.length - 1) this.close(log, db);
  },

  fault: function (log, db) {
    if (this.top().error !== undefined) return;
    var frame = this.open.pop();
    frame.error = log.getError();
    if (frame.gas !== undefined) {
      frame.gas = this.hexNumber(frame.gas);
      frame.gasUsed = frame.gas;
    }
    this.strip(frame);
    if (this.open.length > 0) this.attach(this.top(), frame);
    else this.open.push(frame);
  },

  ordered: function (frame) {
    var out = {};
    var keys = ['type', 'from', 'to', 'value', 'gas', 'gasUsed', 'input', 'output', 'error', 'calls'];
    for (var i = 0; i < keys.length; i++) {
      if (frame[keys[i]] !== undefined) out[keys[i]] = frame[keys[i]];
    }
    if (out.calls !== undefined) {
      for (var j = 0; j < out.calls.length; j++) out.calls[j] = this.ordered(out.calls[j]);
    }
    return out;
  },

  result: function (ctx, db) {
    var root = this.open[0];
    var call = {
      type: ctx.type,
      from: toHex(ctx.from),
      to: toHex(ctx.to),
      value: '0x' + ctx.value.toString(16),
      gas: this.hexNumber(ctx.gas),
      gasUsed: this.hexNumber(ctx.gasUsed),
      input: toHex(ctx.input),
      output: toHex(ctx.output),
      calls: root.calls,
      error: root.error !== undefined ? root.error : ctx.error
    };
    if (call.error !== undefined && (call.error !== 'execution reverted' || call.output === '0x')) delete call.output;
    return this.ordered(call);
  }
}
