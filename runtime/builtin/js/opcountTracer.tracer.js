{
  steps: 0,

  step: function (log, db) {
    this.steps = this.steps + 1;
  },

  fault: function (log, db) {},

  result: function (ctx, db) {
    return this.steps;
  }
}
