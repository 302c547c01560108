{
  ops: [],
  step: function (log, db) {
    this.ops.push(log.op.toString());
  },
  fault: function (log, db) {
    this.ops.push('fault: ' + log.getError());
  },
  result: function (ctx, db) {
    return { ops: this.ops };
  }
}
