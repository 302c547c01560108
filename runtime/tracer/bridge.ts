// The only door between a tracer's sealed realm (inside/: code evaluated in the tracer's own context) and
// the host (host/: the EVM side, Node's realm). Whatever crosses it is a primitive, in both directions, so
// no object of one realm is ever reachable from the other: tracer code walking `constructor`, prototypes,
// getters or thrown errors only ever finds its own realm's `Function`. The host's functions below live in
// closures of the inside code and are never stored where tracer code could read them.

/** Bytes as a string of one character per byte (latin1). */
export type ByteString = string;
/** An EVM word: a number when exactly representable, else its decimal text. */
export type Quantity = number | string;

/** Host functions the realm may call (the EVM's current step, frame and state, and hashing). */
export interface Bridge {
  /** Stack item `index` from the top; the realm has checked the bounds. */
  stackItem(index: number): Quantity;
  /** Memory [begin, end), zero-padded past its end; the realm has checked the bounds. */
  memorySlice(begin: number, end: number): ByteString;
  /** The 32-byte word at `offset`, as 64 hex digits. */
  memoryWord(offset: number): string;
  contractAddress(): ByteString;
  contractCaller(): ByteString;
  contractValue(): Quantity;
  contractInput(): ByteString;
  frameFrom(): ByteString;
  frameTo(): ByteString;
  frameInput(): ByteString;
  /** undefined for STATICCALL. */
  frameValue(): Quantity | undefined;
  frameOutput(): ByteString;
  balance(address: ByteString): Quantity;
  nonce(address: ByteString): number;
  code(address: ByteString): ByteString;
  storage(address: ByteString, slot: ByteString): ByteString;
  exists(address: ByteString): boolean;
  createAddress(from: ByteString, nonce: number): ByteString;
  create2Address(from: ByteString, salt: ByteString, initCode: ByteString): ByteString;
  isPrecompiled(address: ByteString): boolean;
}

/** How a ctx field's value crosses: bytes, an EVM word (becomes a bigInt), a number, or a string. */
export const enum ContextKind {
  Bytes = 0,
  Word = 1,
  Number = 2,
  Text = 3,
}

/** What the realm offers the host, captured by the host before any tracer code runs. Every function takes
 * and returns primitives, except `adopt`/`constructionError`, which take a value of the realm itself. */
/** What `step` and `fault` are called with: the step's fields as primitives, read into `log` inside the realm. */
type StepArgs = [
  op: number,
  opName: string,
  pc: number,
  gas: number,
  cost: number,
  depth: number,
  refund: number,
  stackLength: number,
  memoryLength: number,
  error: string | undefined,
];

export interface RealmApi {
  /** Validates the evaluated tracer expression (geth's order and texts); undefined when it is usable. */
  adopt(tracer: unknown, wrapped: string): string | undefined;
  /** geth's text for a value thrown while the tracer expression was evaluated. */
  constructionError(thrown: unknown): string;
  hasHook(name: string): boolean;
  /** `name (<eval>:L:C)` of a hook, for errors raised from outside the tracer's code (time-outs). */
  hookLocation(name: string): string | undefined;
  /** Where a hook's source text starts in the wrapped text, if it is there. */
  hookOffset(name: string): number | undefined;
  /** Every return of `result` builds a new value, so a top-level string it returns is the tracer's own,
   * never a host string (which geth would serialise as {}). */
  resultBuildsItsValues(): void;
  /** Calls `setup` with the raw config text if the tracer has one; geth's error text if it failed. */
  setup(config: string): string | undefined;
  step(...args: StepArgs): void;
  fault(...args: StepArgs): void;
  enter(type: string, gas: number): void;
  exit(gasUsed: number, error: string | undefined): void;
  setContext(key: string, kind: ContextKind, value: ByteString | Quantity): void;
  /** The top call never started (coreth: a top-level creation's address collision): ctx loses every field,
   * and `result` gets no `db` (geth v1.13 sets both up when the top call starts). */
  forgetTopCall(): void;
  /** `J<json>`, `S<string>` (a top-level string for the host to encode as Go does) or `E<error text>`. */
  result(): string;
  /** The geth error text that ended the trace, if any. */
  failed(): string | undefined;
}

/** The BigInteger.js factory, evaluated in the same realm. */
export type BigIntFactory = (value: Quantity, radix?: number) => object;

/** How the realm runs the tracer's hooks, per target (../evm/target.ts). */
export interface RealmOptions {
  /** A debug run, whose objects get descriptions for the debugger (inside/previews.ts). */
  previews: boolean;
  /** The first hook error ends the tracer (geth); else `exit` and `result` still run, and an error of theirs
   * replaces the one recorded (coreth). */
  hookErrorEndsTracer: boolean;
  /** In a tracer without `step`, `fault`'s `log.stack`, `log.memory` and `log.contract` were never set:
   * reading them crashes the request (coreth's nil pointers), or reads as empty (geth). */
  unsetLogCrashes: boolean;
}

/** The inside bundle's entry point. */
export type Install = (bridge: Bridge, bigInt: BigIntFactory, options: RealmOptions) => RealmApi;
