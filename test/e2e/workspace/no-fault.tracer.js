{
  steps: 0,
  step: function (log, db) {
    this.steps++;
  },
  result: function (ctx, db) {
    return this.steps;
  }
}
