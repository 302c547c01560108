// Random tracers drawn from the tracer API: JavaScript tracers built of probes (each records one API member
// under its own key, so a divergence names the member), thrown exceptions in each hook, what `result` may
// return; geth's built-in tracers with random configs; the struct logger with random options.
import { contractAddresses, delegatedAccount, missingAccount, plainAccount } from './programs';
import type { Random } from './random';

export type Hook = 'step' | 'fault' | 'enter' | 'exit' | 'result' | 'setup';

export interface Probe {
  hook: Hook;
  /** The API member it exercises, e.g. `log.stack.peek`: the key its values are recorded under. */
  member: string;
  /** A JavaScript expression over the hook's parameters. */
  expr: string;
}

export interface JsTracerSpec {
  kind: 'js';
  probes: Probe[];
  /** The condition under which step records, e.g. an opcode. */
  stepFilter: string;
  /** Whether the tracer has step, and enter/exit (fault and result are always there). */
  withStep: boolean;
  withFrames: boolean;
  /** An exception thrown on the n-th call of a hook. */
  thrown?: { hook: Hook; at: number; value: string };
  /** What result returns: `records` (the probes' values) or another expression. */
  returns: string;
  tracerConfig?: string;
  /** A tracer geth refuses to build: a required member missing, a syntax error, an expression that throws
   * or is no object. */
  broken?: (typeof brokenKinds)[number];
}

const brokenKinds = ['no-result', 'no-fault', 'enter-only', 'syntax', 'throws', 'primitive', 'trailing-semicolon'] as const;

export type TracerSpec =
  JsTracerSpec | { kind: 'builtin'; name: string; tracerConfig?: string } | { kind: 'struct'; options: Record<string, boolean | number> };

const hex = (address: string) => `'${address}'`;
const knownAddresses = [...contractAddresses, plainAccount, delegatedAccount, missingAccount];

type ProbeMaker = (r: Random) => string;

/** Expressions over `log`, valid in step and fault. */
const logMembers: Record<string, ProbeMaker> = {
  'log.op.toString': () => 'log.op.toString()',
  'log.op.toNumber': () => 'log.op.toNumber()',
  'log.op.isPush': () => 'log.op.isPush()',
  'log.getPC': () => 'log.getPC()',
  'log.getGas': () => 'log.getGas()',
  'log.getCost': () => 'log.getCost()',
  'log.getDepth': () => 'log.getDepth()',
  'log.getRefund': () => 'log.getRefund()',
  'log.getError': () => 'log.getError()',
  'log.stack.length': () => 'log.stack.length()',
  'log.stack.peek': (r) => {
    const i = r.int(4);
    return r.chance(0.3)
      ? `log.stack.length() > ${i} ? log.stack.peek(${i}) : null`
      : `log.stack.length() > ${i} ? log.stack.peek(${i}).toString(${r.pick([10, 16, 2])}) : -1`;
  },
  'log.memory.length': () => 'log.memory.length()',
  'log.memory.slice': (r) => {
    const start = r.pick([0, 0, 1, 31, 32, 60]);
    const end = start + r.pick([0, 1, 4, 32, 40, 100]);
    return r.chance(0.3) ? `log.memory.slice(${start}, ${end})` : `toHex(log.memory.slice(${start}, ${end}))`;
  },
  'log.memory.getUint': (r) => {
    const at = r.pick([0, 1, 32, 64]);
    return `log.memory.length() >= ${at + 32} ? log.memory.getUint(${at}).toString(16) : null`;
  },
};

/** Contract and state reads, valid in step (where log.contract is filled in). */
const contractMembers: Record<string, ProbeMaker> = {
  'log.contract.getAddress': (r) => (r.chance(0.2) ? 'log.contract.getAddress()' : 'toHex(log.contract.getAddress())'),
  'log.contract.getCaller': () => 'toHex(log.contract.getCaller())',
  'log.contract.getValue': () => 'log.contract.getValue().toString()',
  'log.contract.getInput': () => 'toHex(log.contract.getInput())',
  'db.getBalance': () => 'db.getBalance(log.contract.getAddress()).toString()',
  'db.getNonce': () => 'db.getNonce(log.contract.getCaller())',
  'db.getCode': () => 'toHex(db.getCode(log.contract.getAddress())).length',
  'db.getState': (r) => `toHex(db.getState(log.contract.getAddress(), toWord('0x0${r.int(4)}')))`,
  'db.exists': (r) => `db.exists(toAddress(${hex(r.pick(knownAddresses))}))`,
  toContract: (r) => `toHex(toContract(log.contract.getAddress(), ${r.int(300)}))`,
  toContract2: (r) => `toHex(toContract2(log.contract.getAddress(), '${r.pick(['0x00', '0x01', 'ff', '1234'])}', log.contract.getInput()))`,
  slice: (r) => `toHex(slice(log.contract.getInput(), 0, Math.min(${r.int(40)}, log.contract.getInput().length)))`,
};

/** Helpers and bigInt, valid in any hook. */
const helperMembers: Record<string, ProbeMaker> = {
  isPrecompiled: (r) =>
    `isPrecompiled(toAddress(${hex(r.pick(['0x01', '0x09', '0x0a', '0x0b', '0x11', '0x0100', '0x12', contractAddresses[0]]))}))`,
  toWord: (r) => `toHex(toWord(${r.pick(["'0xffaa'", "'1234'", '[1, 2, 300, -1]', "'0x" + '11'.repeat(35) + "'"])}))`,
  toAddress: (r) => `toHex(toAddress(${r.pick(["'0x01'", "'" + plainAccount + "'", '[255, 0, 256]'])}))`,
  toHex: (r) => `toHex(${r.pick(['[]', '[1, 255, 256, -1]', 'new Uint8Array([7, 8])', "['a', null, 3.7]"])})`,
  bigInt: (r) =>
    r.pick([
      "bigInt('0xffffffffffffffffffffffffffffffff').multiply(bigInt(3)).add(7).toString(16)",
      "bigInt(2).pow(255).subtract(1).and(bigInt('0xff00ff')).toString()",
      "bigInt('123456789012345678901234567890').divide(7).mod(1000).toJSNumber()",
      'bigInt(-5).shiftLeft(3).compare(bigInt(-40))',
      'bigInt(10).equals(10) && bigInt(3).lt(bigInt(4)) && bigInt(0).isZero()',
      "bigInt('ff', 16).xor(bigInt(15)).or(bigInt(256)).toString(2)",
      'bigInt(7) + 1',
      "bigInt('98765432109876543210')",
    ]),
};

/** Calls that fail on purpose: host errors, which a try/catch cannot catch in geth. */
const failingMembers: Record<string, ProbeMaker> = {
  'log.stack.peek!': (r) => `log.stack.peek(log.stack.length() + ${r.int(3)})`,
  'log.memory.getUint!': () => 'log.memory.getUint(log.memory.length())',
  'log.memory.slice!': () => 'log.memory.slice(-1, 4)',
  'db.getBalance!': () => `db.getBalance(${hex(plainAccount)})`,
  'toHex!': () => "toHex('0x01')",
  'slice!': () => 'slice([1, 2, 3], 2, 1)',
  'try-catch!': () => '(function () { try { return log.stack.peek(-1); } catch (e) { return "caught"; } })()',
};

const frameMembers: Record<string, ProbeMaker> = {
  'frame.getType': () => 'frame.getType()',
  'frame.getFrom': () => 'toHex(frame.getFrom())',
  'frame.getTo': () => 'toHex(frame.getTo())',
  'frame.getInput': () => 'toHex(frame.getInput())',
  'frame.getGas': () => 'frame.getGas()',
  'frame.getValue': () => '(function (v) { return v === undefined ? "undefined" : v.toString(); })(frame.getValue())',
};

const frameResultMembers: Record<string, ProbeMaker> = {
  'res.getGasUsed': () => 'res.getGasUsed()',
  'res.getOutput': () => 'toHex(res.getOutput())',
  'res.getError': () => 'res.getError()',
};

const ctxMembers: Record<string, ProbeMaker> = {
  'ctx.type': () => 'ctx.type',
  'ctx.from': () => 'toHex(ctx.from)',
  'ctx.to': () => 'toHex(ctx.to)',
  'ctx.input': () => 'toHex(ctx.input)',
  'ctx.value': () => 'ctx.value.toString()',
  'ctx.gas': () => 'ctx.gas',
  'ctx.gasPrice': () => 'ctx.gasPrice.toString()',
  'ctx.block': () => 'ctx.block',
  'ctx.coinbase': () => 'toHex(ctx.coinbase)',
  'ctx.gasUsed': () => 'ctx.gasUsed',
  'ctx.output': () => 'toHex(ctx.output)',
  'ctx.error': () => 'ctx.error',
  'ctx.blockHash': () => 'ctx.blockHash === undefined ? "none" : toHex(ctx.blockHash)',
  'ctx.txIndex': () => 'ctx.txIndex',
  'ctx.txHash': () => 'ctx.txHash === undefined ? "none" : toHex(ctx.txHash)',
  'ctx.keys': () => 'Object.keys(ctx).sort()',
  'db.getBalance': (r) => `db.getBalance(toAddress(${hex(r.pick(knownAddresses))})).toString()`,
  'db.getNonce': (r) => `db.getNonce(toAddress(${hex(r.pick(knownAddresses))}))`,
  'db.getCode': (r) => `toHex(db.getCode(toAddress(${hex(r.pick(knownAddresses))})))`,
  'db.getState': (r) => `toHex(db.getState(toAddress(${hex(r.pick(contractAddresses))}), toWord('0x0${r.int(4)}')))`,
  'db.exists': (r) => `db.exists(toAddress(${hex(r.pick(knownAddresses))}))`,
};

function draw(r: Random, hook: Hook, members: Record<string, ProbeMaker>, count: number): Probe[] {
  const names = Object.keys(members);
  return Array.from({ length: count }, () => {
    const member = r.pick(names);
    return { hook, member, expr: members[member](r) };
  });
}

const thrownValues = ["new Error('boom')", "'plain string'", '{ a: 1 }', "new TypeError('typed')", 'undefinedThing', 'this.helper()'];
/** What result may return besides the records (spec §3.8). */
const returnShapes = [
  'this.r',
  'this.r',
  'this.r',
  'this.r',
  'this.n',
  "'ok'",
  'true',
  'null',
  'undefined',
  '-0',
  '1.5',
  '1e21',
  '[1, "a", null, undefined]',
  "bigInt('123456789012345678901234567890')",
  'toHex(ctx.from)',
  "toHex(ctx.from) + ''",
  "'h\\u00e9llo'",
  'ctx.from',
  'new Map()',
  'NaN',
  'Infinity',
  'function () {}',
  "'x'.repeat(20)",
  '{ h: toHex(ctx.from), e: ctx.error }',
];

export function randomTracer(r: Random, opcodes: number[]): TracerSpec {
  const kind = r.weighted({ js: 6, builtin: 3, struct: 1 });
  if (kind === 'builtin') return randomBuiltin(r);
  if (kind === 'struct') {
    const options: Record<string, boolean | number> = {};
    for (const name of ['enableMemory', 'disableStack', 'disableStorage', 'enableReturnData'])
      if (r.chance(0.4)) options[name] = r.chance(0.7);
    if (r.chance(0.2)) options.limit = r.pick([1, 100, 1000, 5000]);
    return { kind: 'struct', options };
  }
  const withStep = r.chance(0.85);
  const withFrames = r.chance(0.6);
  const probes: Probe[] = [];
  if (withStep) {
    probes.push(
      ...draw(r, 'step', logMembers, r.int(4) + 1),
      ...draw(r, 'step', contractMembers, r.int(3)),
      ...draw(r, 'step', helperMembers, r.int(2)),
    );
    if (r.chance(0.08)) probes.push(...draw(r, 'step', failingMembers, 1));
  }
  // Without step, geth never fills in log: fault reads only what is safe then (no contract).
  probes.push(...draw(r, 'fault', logMembers, r.int(3)));
  if (withStep && r.chance(0.3)) probes.push(...draw(r, 'fault', contractMembers, 1));
  if (withFrames) probes.push(...draw(r, 'enter', frameMembers, r.int(4) + 1), ...draw(r, 'exit', frameResultMembers, r.int(3) + 1));
  probes.push(...draw(r, 'result', ctxMembers, r.int(5) + 1), ...draw(r, 'result', helperMembers, r.int(2)));
  if (r.chance(0.2)) probes.push({ hook: 'setup', member: 'setup.config', expr: 'cfg' });
  const hooks: Hook[] = [
    'fault',
    'result',
    'setup',
    ...(withStep ? (['step'] as const) : []),
    ...(withFrames ? (['enter', 'exit'] as const) : []),
  ];
  const thrown = r.chance(0.1) ? { hook: r.pick(hooks), at: r.int(3) + 1, value: r.pick(thrownValues) } : undefined;
  const op = opcodes.length > 0 ? r.pick(opcodes) : 0;
  const stepFilter = r.pick([
    'true',
    'true',
    `log.op.toNumber() === ${op}`,
    'log.getDepth() > 1',
    'log.getError() !== undefined',
    `this.n % ${r.int(5) + 2} === 0`,
  ]);
  const tracerConfig = r.chance(0.3) ? r.pick(['{"a": 1}', '{ "nested": { "x": [1, 2] } }', 'null', '"str"', '[]']) : undefined;
  const broken = r.chance(0.04) ? r.pick(brokenKinds) : undefined;
  return { kind: 'js', probes, stepFilter, withStep, withFrames, thrown, returns: r.pick(returnShapes), tracerConfig, broken };
}

function randomBuiltin(r: Random): TracerSpec {
  const flags = (names: string[]) => {
    const config: Record<string, boolean> = {};
    for (const name of names) if (r.chance(0.5)) config[name] = r.chance(0.6);
    return config;
  };
  const name = r.pick([
    'callTracer',
    'callTracer',
    'prestateTracer',
    'prestateTracer',
    '4byteTracer',
    'flatCallTracer',
    'muxTracer',
    'noopTracer',
    'erc7562Tracer',
    'callTracerLegacy',
    'prestateTracerLegacy',
    '4byteTracerLegacy',
    'bigramTracer',
    'trigramTracer',
    'unigramTracer',
    'opcountTracer',
    'evmdisTracer',
    'noopTracerLegacy',
  ]);
  let config: unknown;
  if (name === 'callTracer') config = flags(['onlyTopCall', 'withLog']);
  if (name === 'flatCallTracer') config = flags(['convertParityErrors', 'includePrecompiles']);
  if (name === 'prestateTracer') {
    const c = flags(['diffMode', 'disableCode', 'disableStorage', 'includeEmpty']);
    // geth refuses diffMode with includeEmpty; keep that case rare.
    if (c.diffMode && c.includeEmpty && r.chance(0.8)) delete c.includeEmpty;
    config = c;
  }
  if (name === 'erc7562Tracer')
    config = { ...flags(['withLog']), ...(r.chance(0.3) ? { ignoredOpcodes: r.pick([[], ['0x1'], ['0x54', '0x55']]) } : {}) };
  if (name === 'muxTracer')
    config = { callTracer: flags(['withLog']), '4byteTracer': {}, ...(r.chance(0.5) ? { prestateTracer: flags(['diffMode']) } : {}) };
  return { kind: 'builtin', name, tracerConfig: config === undefined || r.chance(0.2) ? undefined : JSON.stringify(config) };
}

/** The tracer source or name, and its config text, as a job carries them. */
export function renderTracer(spec: TracerSpec): { tracer: string; tracerConfig?: string } {
  if (spec.kind === 'builtin') return { tracer: spec.name, tracerConfig: spec.tracerConfig };
  if (spec.kind === 'struct') return { tracer: '', tracerConfig: JSON.stringify(spec.options) };
  const body = (hook: Hook) => {
    const lines = spec.probes.filter((p) => p.hook === hook).map((p) => `this.rec(${JSON.stringify(`${hook}:${p.member}`)}, ${p.expr});`);
    if (spec.thrown?.hook === hook) lines.unshift(`if (++this.t === ${spec.thrown.at}) throw ${spec.thrown.value};`);
    return lines.join(' ');
  };
  const members = [
    spec.broken === 'throws' ? 'r: undefinedAtConstruction, n: 0, t: 0' : 'r: {}, n: 0, t: 0',
    'rec: function (k, v) { var a = this.r[k] || (this.r[k] = []); if (a.length < 24) a.push(v); }',
    "helper: function () { throw new Error('deep'); }",
    `setup: function (cfg) { ${body('setup')} }`,
    ...(spec.withStep ? [`step: function (log, db) { this.n++; if (${spec.stepFilter}) { ${body('step')} } }`] : []),
    ...(spec.broken === 'no-fault' ? [] : [`fault: function (log, db) { ${body('fault')} }`]),
    ...(spec.withFrames || spec.broken === 'enter-only' ? [`enter: function (frame) { ${body('enter')} }`] : []),
    ...(spec.withFrames && spec.broken !== 'enter-only' ? [`exit: function (res) { ${body('exit')} }`] : []),
    ...(spec.broken === 'no-result' ? [] : [`result: function (ctx, db) { ${body('result')} return ${spec.returns}; }`]),
  ];
  const source = `{\n  ${members.join(',\n  ')}\n}`;
  const tracer =
    {
      syntax: source.replace('rec: function (k, v) {', 'rec: function (k, v) { ,'),
      primitive: '42',
      'trailing-semicolon': `${source};`,
    }[spec.broken as string] ?? source;
  return { tracer, tracerConfig: spec.tracerConfig };
}
