{
  fault: function (log, db) {},
  result: function (ctx, db) {
    // A result the size of a long struct log: 21,000 entries, about 1.4 MB of JSON.
    var steps = [];
    for (var i = 0; i < 21000; i++) steps.push({ pc: i, op: i % 3 === 0 ? 'MSTORE' : 'PUSH1', gas: 1000000 - i, stack: ['0x1', '0x' + i.toString(16)] });
    return { gas: 21000, structLogs: steps };
  }
}
