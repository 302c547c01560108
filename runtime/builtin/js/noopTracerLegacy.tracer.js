{
  step: function (log, db) {},

  fault: function (log, db) {},

  result: function (ctx, db) {
    return {};
  }
}
