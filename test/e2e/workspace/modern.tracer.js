// An ES2017 tracer (const, let, arrow functions, template literals): plain geth takes it, ES5.1 providers do not.
{
  ops: [],
  step: function (log) {
    const name = log.op.toString();
    let seen = this.ops.length;
    this.ops.push(`${seen}:${name}`);
  },
  fault: function (log) {},
  result: function () {
    return { ops: this.ops.map((entry) => entry.split(':')[1]) };
  }
}
