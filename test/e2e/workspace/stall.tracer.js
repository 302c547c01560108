// Counts steps; never returns in the block given as {"stall": N} (until the trace time-out ends it).
{
  steps: 0,
  stall: -1,
  setup: function (config) {
    this.stall = JSON.parse(config).stall;
  },
  step: function (log, db) {
    this.steps++;
  },
  fault: function (log, db) {},
  result: function (ctx, db) {
    while (ctx.block === this.stall) {}
    return { steps: this.steps };
  }
}
