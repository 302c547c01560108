{
  step: function (log, db) {
    while (true) {}
  },
  fault: function (log, db) {},
  result: function (ctx, db) {
    return 'finished';
  }
}
