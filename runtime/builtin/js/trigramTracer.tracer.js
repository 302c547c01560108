{
  counts: {},
  first: '',
  second: '',
  previousDepth: 0,

  step: function (log, db) {
    var depth = log.getDepth();
    if (depth !== this.previousDepth) {
      this.first = '';
      this.second = '';
      this.previousDepth = depth;
      return;
    }
    var name = log.op.toString();
    var key = this.first + '-' + this.second + '-' + name;
    this.counts[key] = (this.counts[key] || 0) + 1;
    this.first = this.second;
    this.second = name;
  },

  fault: function (log, db) {},

  result: function (ctx, db) {
    return this.counts;
  }
}
