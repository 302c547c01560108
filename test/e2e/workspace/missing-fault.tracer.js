{
  data: [],
  step: function (log, db) {
    this.data.push(log.op.toString());
  },
  result: function (ctx, db) {
    return this.data;
  }
}
