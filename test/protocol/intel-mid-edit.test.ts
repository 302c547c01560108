// Editor intelligence while the file has syntax errors (the state it is in while typing), over LSP against
// dist/server.js: tracers with 1, 3 and 10 broken spots (unfinished members, unclosed calls and blocks, a
// dangling operator, an open string, a stray `}`, a member begun but not finished), every hook parameter
// renamed. Completion at the broken spots and in the code around them, hover and signature help outside
// the broken spans, and the semantic warnings of the parts that parse next to the syntax error.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CompletionItem, Diagnostic, DocumentDiagnosticReport, Hover, Position, SignatureHelp } from 'vscode-languageserver-protocol';
import { LineMap } from '../../core/tracer/positions';
import { startServer, type TestClient } from '../support/lsp-client';

let client: TestClient;
before(async () => {
  client = await startServer({ textDocument: { diagnostic: {} } });
});
after(() => client.close());

/** The broken spots, by number: what is typed at `«n»` in TEMPLATE, with `|` where the cursor is. */
const SPOTS: Record<number, string> = {
  1: '    l.|', // log (named l)
  2: '    var bal = d.getBalance(|', // a call left open
  3: '    var t = c.|', // ctx (named c)
  4: '    var top = lg.stack.|', // log.stack (log named lg)
  5: '    var v = d.|', // db (named d)
  6: "    if (f.getType() == 'CALL' {", // a missing `)`, and a block never closed
  7: '    this.seen.push(name +', // a dangling operator in an open call
  8: "    var s = 'not closed", // an open string
  9: '    }', // a stray `}`: it closes step early
  10: '  helper: function (x) {\n    x.', // a member begun but not finished
};

// Unknown members on lines that parse: `getOpcode`, `getDepthh`, `gasprice`.
const TEMPLATE = `{
  count: 0,
  seen: [],
  tally: function (name) {
«7»
    this.seen.push(name);
  },
  step: function (l, d) {
    var first = l.stack.peek(0);
«1»
    var name = l.getOpcode();
«2»
    if (l.op.toString() === 'SLOAD') {
      this.count++;
    }
«5»
«9»
  },
  enter: function (f) {
«6»
    var who = f.getFrom();
  },
  exit: function (r) {
    var used = r.getGasUsed();
  },
«10»
  fault: function (lg, store) {
«4»
    var depth = lg.getDepthh();
  },
  result: function (c, state) {
    var price = c.gasprice;
«8»
    var bal = state.getBalance(toAddress(c.to));
«3»
    return { count: this.count, price: price, bal: bal };
  }
}
`;

interface Broken {
  uri: string;
  text: string;
  /** The cursor of each broken spot typed, by spot number. */
  cursors: Map<number, Position>;
  lines: LineMap;
}

let opened = 0;

/** TEMPLATE with the given spots typed (the others left out), opened in the server. */
async function openBroken(spots: number[]): Promise<Broken> {
  let text = TEMPLATE.replace(/«(\d+)»\n/g, (_, n: string) =>
    spots.includes(Number(n)) ? `${SPOTS[Number(n)].replace('|', `‸${n}‸`)}\n` : '',
  );
  const offsets = new Map<number, number>();
  for (let match = /‸(\d+)‸/.exec(text); match; match = /‸(\d+)‸/.exec(text)) {
    offsets.set(Number(match[1]), match.index);
    text = text.slice(0, match.index) + text.slice(match.index + match[0].length);
  }
  const lines = new LineMap(text);
  const cursors = new Map([...offsets].map(([n, offset]) => [n, lines.positionAt(offset)]));
  const uri = await client.open(`mid-edit-${++opened}.tracer.js`, text);
  return { uri, text, cursors, lines };
}

/** The position `into` characters after the start of `needle` (which must occur once). */
function at(file: Broken, needle: string, into: number): Position {
  const offset = file.text.indexOf(needle);
  assert.ok(offset >= 0 && file.text.indexOf(needle, offset + 1) < 0, `${needle} must occur once`);
  return file.lines.positionAt(offset + into);
}

async function labels(file: Broken, position: Position): Promise<string[]> {
  const items = await client.connection.sendRequest<CompletionItem[] | null>('textDocument/completion', {
    textDocument: { uri: file.uri },
    position,
  });
  return (items ?? []).map((item) => item.label);
}

function assertOffers(offered: string[], expected: string[], where: string): void {
  for (const label of expected) assert.ok(offered.includes(label), `${where}: ${label} missing from [${offered.join(', ')}]`);
}

async function hover(file: Broken, position: Position): Promise<string> {
  const answer = await client.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri: file.uri }, position });
  return answer ? (answer.contents as { value: string }).value : '';
}

async function signature(file: Broken, position: Position): Promise<SignatureHelp | null> {
  return client.connection.sendRequest<SignatureHelp | null>('textDocument/signatureHelp', { textDocument: { uri: file.uri }, position });
}

async function diagnostics(file: Broken): Promise<Diagnostic[]> {
  const report = await client.connection.sendRequest<DocumentDiagnosticReport>('textDocument/diagnostic', {
    textDocument: { uri: file.uri },
  });
  assert.equal(report.kind, 'full');
  return report.kind === 'full' ? report.items : [];
}

/** What the broken spots offer, by spot number (spots without completion are left out). */
const SPOT_COMPLETIONS: Record<number, string[]> = {
  1: ['stack', 'memory', 'getPC', 'getCost'],
  3: ['gasUsed', 'gasPrice', 'txHash'],
  4: ['peek', 'length'],
  5: ['getBalance', 'getState', 'exists'],
};

async function checkIntelligence(spots: number[]): Promise<void> {
  const file = await openBroken(spots);
  const found = await diagnostics(file);
  const where = `${spots.length} broken spot(s)`;
  assert.ok(
    found.some((d) => d.code === 'syntax' && d.severity === 1),
    `${where}: the syntax error is reported`,
  );

  // Semantic warnings of the parts that parse stay, each on its line; nothing about the repairs.
  const unknown = found.filter((d) => d.code === 'unknown-member' || d.code === 'unknown-method');
  assert.deepEqual(
    unknown.map((d) => [d.range.start, file.text.slice(file.lines.offsetAt(d.range.start), file.lines.offsetAt(d.range.end))]),
    [
      [at(file, 'getOpcode', 0), 'getOpcode'],
      [at(file, 'getDepthh', 0), 'getDepthh'],
      [at(file, 'gasprice', 0), 'gasprice'],
    ],
    where,
  );

  // Completion at each broken spot typed, and in the intact code between them.
  for (const spot of spots) {
    const expected = SPOT_COMPLETIONS[spot];
    if (expected) assertOffers(await labels(file, file.cursors.get(spot)!), expected, `${where}, spot ${spot}`);
  }
  assertOffers(await labels(file, at(file, 'c.gasprice', 2)), ['gasPrice', 'gasUsed', 'from'], `${where}, c.|gasprice`);
  assertOffers(await labels(file, at(file, 'l.stack.peek(0)', 8)), ['peek', 'length'], `${where}, l.stack.|peek`);
  assertOffers(await labels(file, at(file, 'state.getBalance', 6)), ['getBalance', 'getCode'], `${where}, state.|getBalance`);
  assertOffers(await labels(file, at(file, 'this.count,', 5)), ['count', 'seen', 'tally', 'step', 'result'], `${where}, this.|count`);
  assertOffers(await labels(file, at(file, 'f.getFrom', 2)), ['getFrom', 'getTo', 'getType'], `${where}, f.|getFrom`);
  assertOffers(await labels(file, at(file, 'r.getGasUsed', 2)), ['getGasUsed', 'getOutput', 'getError'], `${where}, r.|getGasUsed`);

  // Hover outside the broken spans: API members, hooks, renamed parameters.
  assert.match(await hover(file, at(file, 'peek(0)', 1)), /log\.stack\.peek\(i: number\): bigInt/, `${where}: hover on peek`);
  assert.match(
    await hover(file, at(file, 'getBalance(toAddress', 1)),
    /db\.getBalance\(addr: Uint8Array \| Array\): bigInt/,
    `${where}: hover on getBalance`,
  );
  assert.match(await hover(file, at(file, 'result: function', 1)), /\(hook\) result/, `${where}: hover on the result hook`);
  assert.match(await hover(file, at(file, 'lg.getDepthh', 1)), /\blog\b/, `${where}: hover on lg`);
  assert.match(await hover(file, at(file, 'getFrom', 1)), /getFrom\(\): Uint8Array/, `${where}: hover on getFrom`);

  // Signature help outside the broken spans, and in the call left open.
  const peek = await signature(file, at(file, 'peek(0)', 5));
  assert.equal(peek?.signatures[0].label, 'log.stack.peek(i: number): bigInt', `${where}: signature of peek`);
  const toAddress = await signature(file, at(file, 'toAddress(c.to)', 10));
  assert.equal(toAddress?.signatures[0].label.startsWith('toAddress('), true, `${where}: signature of toAddress`);
  if (spots.includes(2)) {
    const open = await signature(file, file.cursors.get(2)!);
    assert.equal(open?.signatures[0].label, 'db.getBalance(addr: Uint8Array | Array): bigInt', `${where}: signature in the open call`);
    assert.equal(open?.activeParameter, 0);
  }
}

test('one broken spot: completion, hover, signature help and semantic warnings around it', async () => {
  await checkIntelligence([1]);
});

test('three broken spots', async () => {
  await checkIntelligence([1, 2, 3]);
});

test('ten broken spots, a stray } and an unfinished member among them', async () => {
  await checkIntelligence([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
});

test('the file before any break: the same answers, and only the semantic warnings', async () => {
  const file = await openBroken([]);
  const found = await diagnostics(file);
  assert.deepEqual(
    found.map((d) => d.code),
    ['unknown-method', 'unknown-method', 'unknown-member'],
  );
  assertOffers(await labels(file, at(file, 'c.gasprice', 2)), ['gasPrice'], 'intact file');
});
