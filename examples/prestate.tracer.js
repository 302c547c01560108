{
  pre: {},
  sender: null,
  target: null,
  senderBalance: null,
  disableCode: false,
  disableStorage: false,
  includeEmpty: false,

  setup: function (cfg) {
    var config = (typeof cfg === 'string' ? JSON.parse(cfg) : cfg) || {};
    this.disableCode = !!config.disableCode;
    this.disableStorage = !!config.disableStorage;
    this.includeEmpty = !!config.includeEmpty;
  },

  lookup: function (addr, db) {
    var key = toHex(addr);
    if (this.pre[key] !== undefined) {
      return this.pre[key];
    }
    var account = { balance: db.getBalance(addr), nonce: db.getNonce(addr), code: toHex(db.getCode(addr)), storage: {} };
    this.pre[key] = account;
    return account;
  },

  lookupSlot: function (addr, slot, db) {
    var account = this.lookup(addr, db);
    var key = toHex(slot);
    if (account.storage[key] === undefined) {
      account.storage[key] = toHex(db.getState(addr, slot));
    }
  },

  step: function (log, db) {
    if (this.sender === null) {
      this.sender = log.contract.getCaller();
      this.target = log.contract.getAddress();
      this.senderBalance = db.getBalance(this.sender);
      this.lookup(this.sender, db);
      this.lookup(this.target, db);
    }
    var op = log.op.toString();
    var addr = log.contract.getAddress();
    if (op === 'SLOAD' || op === 'SSTORE') {
      this.lookupSlot(addr, toWord(log.stack.peek(0).toString(16)), db);
    } else if (op === 'EXTCODECOPY' || op === 'EXTCODEHASH' || op === 'EXTCODESIZE' || op === 'BALANCE' || op === 'SELFDESTRUCT') {
      this.lookup(toAddress(log.stack.peek(0).toString(16)), db);
    } else if (op === 'CALL' || op === 'CALLCODE' || op === 'DELEGATECALL' || op === 'STATICCALL') {
      this.lookup(toAddress(log.stack.peek(1).toString(16)), db);
    } else if (op === 'CREATE') {
      this.lookup(toContract(addr, db.getNonce(addr)), db);
    } else if (op === 'CREATE2') {
      var offset = log.stack.peek(1).valueOf();
      var size = log.stack.peek(2).valueOf();
      var salt = log.stack.peek(3).toString(16);
      this.lookup(toContract2(addr, salt, log.memory.slice(offset, offset + size)), db);
    }
  },

  fault: function (log, db) {
  },

  result: function (ctx, db) {
    var from = toHex(ctx.from);
    var to = toHex(ctx.to);
    var fee = bigInt(ctx.gasUsed).multiply(ctx.gasPrice);
    var valueSpent = ctx.error === undefined ? ctx.value : bigInt(0);
    if (this.sender === null) {
      var sender = this.lookup(ctx.from, db);
      sender.balance = sender.balance.add(valueSpent).add(fee);
      sender.nonce = sender.nonce - 1;
      var receiver = this.lookup(ctx.to, db);
      receiver.balance = receiver.balance.subtract(valueSpent);
    } else {
      var spent = ctx.gas - ctx.gasUsed;
      var price = ctx.gasPrice;
      var post = db.getBalance(ctx.from);
      if (spent > 0) {
        price = post.subtract(this.senderBalance).subtract(ctx.error === undefined ? 0 : ctx.value).divide(spent);
      }
      this.pre[from].balance = this.pre[from].balance.add(ctx.value).add(price.multiply(ctx.gas));
      this.pre[from].nonce = this.pre[from].nonce - 1;
      if (to !== from) {
        this.pre[to].balance = this.pre[to].balance.subtract(ctx.value);
      }
    }
    if (ctx.type === 'CREATE' && this.pre[to] !== undefined) {
      this.pre[to].nonce = 0;
      this.pre[to].code = '0x';
    }
    var coinbase = toHex(ctx.coinbase);
    if (this.pre[coinbase] === undefined) {
      var miner = this.lookup(ctx.coinbase, db);
      miner.balance = miner.balance.subtract(fee);
    }
    return this.format();
  },

  format: function () {
    var out = {};
    for (var key in this.pre) {
      var account = this.pre[key];
      var empty = account.balance.isZero() && account.nonce === 0 && account.code === '0x';
      if (empty && !this.includeEmpty) {
        continue;
      }
      var entry = { balance: '0x' + account.balance.toString(16) };
      if (account.nonce > 0) {
        entry.nonce = account.nonce;
      }
      if (!this.disableCode && account.code !== '0x') {
        entry.code = account.code;
      }
      if (!this.disableStorage) {
        var slots = 0;
        for (var slot in account.storage) {
          slots++;
        }
        if (slots > 0) {
          entry.storage = account.storage;
        }
      }
      out[key] = entry;
    }
    return out;
  }
}
