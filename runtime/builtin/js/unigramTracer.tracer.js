{
  counts: {},

  step: function (log, db) {
    var name = log.op.toString();
    this.counts[name] = (this.counts[name] || 0) + 1;
  },

  fault: function (log, db) {},

  result: function (ctx, db) {
    return this.counts;
  }
}
