{
  label: '',
  setup: function (config) {
    this.label = JSON.parse(config).label;
  },
  fault: function (log, db) {},
  result: function (ctx, db) {
    return { label: this.label, type: ctx.type };
  }
}
