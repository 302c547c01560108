{
  accounts: null,

  remember: function (address, db) {
    var key = toHex(address);
    if (this.accounts[key] !== undefined) return;
    this.accounts[key] = {
      balance: '0x' + db.getBalance(address).toString(16),
      nonce: db.getNonce(address),
      code: toHex(db.getCode(address)),
      storage: {}
    };
  },

  rememberSlot: function (address, slot, db) {
    var storage = this.accounts[toHex(address)].storage;
    var key = toHex(slot);
    if (storage[key] === undefined) storage[key] = toHex(db.getState(address, slot));
  },

  begin: function (address, db) {
    if (this.accounts !== null) return;
    this.accounts = {};
    this.remember(address, db);
  },

  step: function (log, db) {
    var self = log.contract.getAddress();
    this.begin(self, db);
    var name = log.op.toString();
    if (name === 'BALANCE' || name === 'EXTCODESIZE' || name === 'EXTCODECOPY' || name === 'EXTCODEHASH') {
      this.remember(toAddress(log.stack.peek(0).toString(16)), db);
    } else if (name === 'CALL' || name === 'CALLCODE' || name === 'DELEGATECALL' || name === 'STATICCALL') {
      this.remember(toAddress(log.stack.peek(1).toString(16)), db);
    } else if (name === 'CREATE') {
      this.remember(toContract(self, db.getNonce(self)), db);
    } else if (name === 'CREATE2') {
      var start = log.stack.peek(1).valueOf();
      var code = log.memory.slice(start, start + log.stack.peek(2).valueOf());
      this.remember(toContract2(self, log.stack.peek(3).toString(16), code), db);
    } else if (name === 'SLOAD' || name === 'SSTORE') {
      this.rememberSlot(self, toWord(log.stack.peek(0).toString(16)), db);
    }
  },

  fault: function (log, db) {},

  result: function (ctx, db) {
    this.begin(ctx.to, db);
    this.remember(ctx.from, db);
    var sender = this.accounts[toHex(ctx.from)];
    var receiver = this.accounts[toHex(ctx.to)];
    var sent = bigInt(sender.balance.slice(2), 16);
    var received = bigInt(receiver.balance.slice(2), 16);
    receiver.balance = '0x' + received.subtract(ctx.value).toString(16);
    sender.balance = '0x' + sent.add(ctx.value).add(ctx.gasUsed * ctx.gasPrice).toString(16);
    sender.nonce = sender.nonce - 1;
    if (ctx.type === 'CREATE') delete this.accounts[toHex(ctx.to)];
    return this.accounts;
  }
}
