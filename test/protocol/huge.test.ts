// Huge documents over LSP, against dist/server.js. A 1 MB and a 5 MB tracer, 100,000 lines of tracer and a
// 1 MB unterminated template literal (which took seconds per request, and kept a gigabyte after closing)
// are over the size limit (core/analysis-limit.ts): each gets exactly one diagnostic, at the top, every
// request answers without a parse within the fuzz test's bound, and once they are closed the server's
// memory is back near where it started. A document with thousands of problems sends the editor the first
// thousand (and flatten's error lists ten). Texts at the limit that took time quadratic in their length
// (an unterminated template, a comment opened on every line, a one-line object) get their diagnostics and
// signature help: the requests that took longest before, as few as show it (the fuzz test runs alongside).
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Diagnostic, DocumentDiagnosticReport, Position, SignatureHelp } from 'vscode-languageserver-protocol';
import { MAX_ANALYSED_BYTES } from '../../core/analysis-limit';
import { FlattenRequest, type FlattenResult } from '../../core/protocol';
import { LineMap } from '../../core/tracer/positions';
import { MAX_PUBLISHED } from '../../server/features/diagnostics';
import { MAX_LISTED } from '../../server/features/flatten-request';
import { startServer, type TestClient } from '../support/lsp-client';
import { everyFeature, requester, type Request } from '../support/lsp-requests';

const helper = (i: number) =>
  `  helper${i}: function (log, db) {\n    var top = log.stack.peek(0);\n    if (log.op.toString() === 'SLOAD') this.seen[top.toString(16)] = ${i};\n    return db.getBalance(toAddress(top.toString(16)));\n  },\n`;
const HOOKS =
  '  seen: {},\n  step: function (log, db) {\n    this.helper0(log, db);\n  },\n  fault: function (log, db) {},\n  result: function (ctx, db) { return this.seen; }\n}\n';

/** A tracer of `helpers` helper methods (five lines each) and its hooks. */
function tracer(helpers: number): string {
  return `{\n${Array.from({ length: helpers }, (_, i) => helper(i)).join('')}${HOOKS}`;
}

/** A tracer of at least `bytes`. */
function tracerOf(bytes: number): string {
  let helpers = 0;
  for (let size = tracer(0).length; size < bytes; helpers++) size += helper(helpers).length;
  return tracer(helpers);
}

/** `head`, then `line` repeated to `bytes` at most (ASCII: characters are bytes). */
const filled = (head: string, line: string, bytes: number) => head + line.repeat(Math.floor((bytes - head.length) / line.length));

/** The step hook calls log.memory.slice with a template that is never closed. */
const OPEN_TEMPLATE = '{\n  step: function (log, db) {\n    toHex(log.memory.slice(0, `';
/** The step hook starts a call to log.stack.peek, then the text breaks off. */
const OPEN_CALL = '{\n  step: function (log, db) {\n    log.stack.peek(\n';

/** Where requests are made: in the argument list (`at`), the middle and the end. */
function positionsIn(text: string, at: number): Position[] {
  const lines = new LineMap(text);
  return [at, text.length >> 1, text.length].map((offset) => lines.positionAt(offset));
}

/** The server process's resident memory, in MB. */
function residentMb(client: TestClient): number {
  const status = readFileSync(`/proc/${client.pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) / 1024;
}

async function diagnosticsOf(request: Request, uri: string): Promise<Diagnostic[]> {
  const report = await request<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri } });
  assert.equal(report?.kind, 'full');
  return report.kind === 'full' ? report.items : [];
}

/** A server for this test, ended with it however it ends (one stuck in a parse cannot be shut down politely). */
async function serverFor(t: TestContext, ...args: Parameters<typeof startServer>): Promise<TestClient> {
  const client = await startServer(...args);
  t.after(() => client.kill());
  return client;
}

const close = (client: TestClient, uri: string) => client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });

/** Far more than closed documents leave (10-30 MB measured), far less than a parsed 5 MB tracer kept (1 GB). */
const MEMORY_MARGIN_MB = 100;

test(
  'over the size limit: one diagnostic at the top, every request answered at once, memory back after closing',
  { timeout: 120_000 },
  async (t) => {
    const client = await serverFor(t, { textDocument: { diagnostic: {} } });
    const problems: string[] = [];
    const timings: number[] = [];
    const request = requester(client, { problems, timings });
    const baseline = residentMb(client);
    const huge: Record<string, { text: string; at: number }> = {
      '1 MB tracer': { text: tracerOf(1 << 20), at: 100 },
      '5 MB tracer': { text: tracerOf(5 << 20), at: 100 },
      '100,000 lines of tracer': { text: tracer(20_000), at: 100 },
      '1 MB unterminated template literal': { text: filled(OPEN_TEMPLATE, 'abc def\n', 1 << 20), at: OPEN_TEMPLATE.length - 1 },
    };
    assert.ok(huge['100,000 lines of tracer'].text.split('\n').length > 100_000);
    for (const [name, { text, at }] of Object.entries(huge)) {
      const bytes = Buffer.byteLength(text);
      assert.ok(bytes > MAX_ANALYSED_BYTES);
      const uri = await client.open(`huge-${name.replace(/\W+/g, '-')}.tracer.js`, text);
      const diagnostics = await diagnosticsOf(request, uri);
      assert.deepEqual(
        diagnostics,
        [
          {
            range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
            severity: 2,
            code: 'too-large',
            source: 'evm-tracer',
            message: `Too large to analyse (${bytes} bytes, limit ${MAX_ANALYSED_BYTES}); lint it with evm-tracer lint.`,
          },
        ],
        name,
      );
      const answers = await everyFeature(request, uri, positionsIn(text, at), diagnostics);
      assert.deepEqual(
        answers,
        {
          completion: [null, null, null],
          hover: [null, null, null],
          signatureHelp: [null, null, null],
          codeAction: [[], [], [], []],
          documentSymbol: null,
          foldingRange: null,
          selectionRange: null,
          flatten: {
            error: `Too large to flatten in the editor (${bytes} bytes, limit ${MAX_ANALYSED_BYTES}); flatten it with evm-tracer flatten.`,
          },
        },
        name,
      );
      // Typing at the end: still one diagnostic, for the new version.
      const end = new LineMap(text).positionAt(text.length);
      await client.change(uri, 2, [{ range: { start: end, end }, text: ' ' }]);
      assert.match(
        String((await diagnosticsOf(request, uri))[0]?.message),
        new RegExp(`^Too large to analyse \\(${bytes + 1} bytes`),
        name,
      );
      await close(client, uri);
    }
    assert.deepEqual(problems, []);
    // The server collects just after documents close, and the pages go back to the system over a moment.
    let resident = residentMb(client);
    for (let i = 0; i < 20 && resident > baseline + MEMORY_MARGIN_MB; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      resident = residentMb(client);
    }
    t.diagnostic(
      `${timings.length} requests, slowest ${Math.max(...timings).toFixed(0)} ms of CPU; server memory ${baseline.toFixed(0)} MB at the start, ${resident.toFixed(0)} MB after closing`,
    );
    assert.ok(
      resident <= baseline + MEMORY_MARGIN_MB,
      `server memory ${resident.toFixed(0)} MB after closing, ${baseline.toFixed(0)} MB at the start`,
    );
  },
);

test('a document that grows over the limit and back: the one diagnostic, then its own again', async (t) => {
  const client = await serverFor(t, { textDocument: { diagnostic: {} } });
  const problems: string[] = [];
  const request = requester(client, { problems });
  const small = tracer(3);
  const uri = await client.open('growing.tracer.js', small);
  assert.deepEqual(await diagnosticsOf(request, uri), []);
  const big = tracerOf(MAX_ANALYSED_BYTES + 1);
  await client.change(uri, 2, [{ text: big }]);
  assert.deepEqual(
    (await diagnosticsOf(request, uri)).map((d) => d.code),
    ['too-large'],
  );
  await client.change(uri, 3, [
    { text: small.replace('function (ctx, db) { return this.seen; }', 'function (ctx, db) { console.log(1); return this.seen; }') },
  ]);
  assert.deepEqual(
    (await diagnosticsOf(request, uri)).map((d) => d.code),
    ['undefined-global'],
  );
  assert.deepEqual(problems, []);
});

/** For documents that are analysed (under the limit, made to be slow): not a latency target (that is the
 * bench's business) but the line between work linear in the text, a few hundred ms of CPU at most, and the
 * quadratic work the texts at the limit took before (from seconds to minutes). */
const ANALYSED_BOUND_MS = 5_000;

test('a text of 1,500 problems: the editor gets the first 1,000, errors first, and one diagnostic counting the rest; flatten lists 10', async (t) => {
  const client = await serverFor(t, { textDocument: { diagnostic: {} } });
  const problems: string[] = [];
  const request = requester(client, { problems, boundMs: ANALYSED_BOUND_MS });
  // 1,490 ES2015 shorthand properties (errors at ES5), and ten warnings before them in the text.
  const text = `{\n${'  a: "",\n'.repeat(10)}  ${'a, '.repeat(1_490)}\n  result: function () { return 1; }, fault: function () {}\n}\n`;
  const uri = await client.open('many-problems.tracer.js', text);
  const diagnostics = await diagnosticsOf(request, uri);
  assert.equal(diagnostics.length, MAX_PUBLISHED + 1);
  assert.deepEqual(new Set(diagnostics.slice(0, -1).map((d) => d.code)), new Set(['syntax']));
  const last = diagnostics[diagnostics.length - 1];
  assert.deepEqual([last.code, last.severity, last.range.start], ['too-many', 3, { line: 1, character: 5 }]);
  assert.equal(
    last.message,
    `500 more problems are not shown (the editor shows ${MAX_PUBLISHED}); lint the file with evm-tracer lint to see them all.`,
  );
  const flat = await request<FlattenResult>(FlattenRequest.method, { uri });
  const listed = flat && 'error' in flat ? flat.error.split('\n') : [];
  assert.equal(listed.length, 1 + MAX_LISTED + 1);
  assert.match(listed[1], /^\/tmp\/many-problems\.tracer\.js:12:3: ES2015 syntax \(shorthand properties\)/);
  assert.equal(listed[listed.length - 1], `and ${1_490 - MAX_LISTED} more (evm-tracer flatten lists them all)`);
  assert.deepEqual(problems, []);
});

test('pushed diagnostics (a client without pull): the one diagnostic over the limit', async (t) => {
  const client = await serverFor(t);
  const text = tracerOf(MAX_ANALYSED_BYTES + 1);
  const pushed = client.nextDiagnostics('file:///tmp/pushed-huge.tracer.js');
  await client.open('pushed-huge.tracer.js', text);
  const { diagnostics } = await pushed;
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.range.start.line, String(d.message).split(';')[0]]),
    [['too-large', 0, `Too large to analyse (${Buffer.byteLength(text)} bytes, limit ${MAX_ANALYSED_BYTES})`]],
  );
});

test(
  'at the size limit: texts that took time quadratic in their length get their diagnostics and signature help',
  { timeout: 120_000 },
  async (t) => {
    const client = await serverFor(t, { textDocument: { diagnostic: {} } });
    const problems: string[] = [];
    const timings: number[] = [];
    const request = requester(client, { problems, timings, boundMs: ANALYSED_BOUND_MS });
    const PEEK = 'log.stack.peek(i: number): bigInt';
    // Shorthand properties (ES2015: the one-line case asks for signature help only, not for 65,000 errors).
    const oneLine = `{${'a,'.repeat(65_000)}step: function (log) { log.stack.peek(0); }, fault: function () {}, result: function () { return 1; }}`;
    // `codes`: the diagnostics expected, undefined where asking for them is not needed (they were not slow).
    const atLimit: Record<string, { text: string; at: number; codes?: string[]; signature: string }> = {
      'an unterminated template of 65,000 lines': {
        text: filled(OPEN_TEMPLATE, 'x\n', MAX_ANALYSED_BYTES),
        at: OPEN_TEMPLATE.length - 1,
        codes: ['syntax', 'syntax'],
        signature: 'log.memory.slice(start: number, end: number): Uint8Array',
      },
      'a block comment opened on every line': {
        text: filled(OPEN_CALL, '/*\n', MAX_ANALYSED_BYTES),
        at: OPEN_CALL.indexOf('peek(') + 5,
        codes: ['syntax'],
        signature: PEEK,
      },
      'a one-line object of 65,000 members': { text: oneLine, at: oneLine.indexOf('peek(') + 5, signature: PEEK },
    };
    for (const [name, { text, at, codes, signature }] of Object.entries(atLimit)) {
      assert.ok(Buffer.byteLength(text) <= MAX_ANALYSED_BYTES, name);
      const uri = await client.open(`at-limit-${name.replace(/\W+/g, '-')}.tracer.js`, text);
      const textDocument = { uri };
      const position = new LineMap(text).positionAt(at);
      if (codes)
        assert.deepEqual(
          (await diagnosticsOf(request, uri)).map((d) => d.code),
          codes,
          name,
        );
      const help = await request<SignatureHelp>('textDocument/signatureHelp', { textDocument, position });
      assert.equal(help?.signatures[0].label, signature, name);
      await close(client, uri);
    }
    t.diagnostic(`${timings.length} requests, slowest ${Math.max(...timings).toFixed(0)} ms of CPU`);
    assert.deepEqual(problems, []);
  },
);
