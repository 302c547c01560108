// What a run did that this runtime cannot reproduce (a precompile whose result depends on data it does not
// have): the first such use is recorded, and a trace or a dev-chain transaction then fails with it instead of
// giving a result that would silently differ from the node's.
export class Unreproducible {
  reason: string | undefined;

  mark(reason: string): void {
    this.reason ??= reason;
  }
}
