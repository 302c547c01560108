{
  counts: {},
  previous: '',
  previousDepth: 0,

  step: function (log, db) {
    var name = log.op.toString();
    var depth = log.getDepth();
    if (depth === this.previousDepth) {
      var key = this.previous + '-' + name;
      this.counts[key] = (this.counts[key] || 0) + 1;
    }
    this.previous = name;
    this.previousDepth = depth;
  },

  fault: function (log, db) {},

  result: function (ctx, db) {
    return this.counts;
  }
}
