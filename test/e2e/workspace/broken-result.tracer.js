{
  fault: function (log, db) {},
  result: function (ctx, db) {
    var missing;
    return missing.value;
  }
}
