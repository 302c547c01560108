// Fuzzing the language server over LSP, against dist/server.js: seeded mutations of the example tracers
// (examples/, test/fixtures/tracers/) are sent as edits, and after each one every request the server
// answers is made at a few positions. Each answer must come within BOUND_MS, no request may fail, nothing
// may be logged as an error, and the server must stay up. Deterministic: the seed is fixed and printed, and
// case N's input depends only on the seed and N. A failure names the case and its input size, and writes the
// input to test-artifacts/; LSP_FUZZ_CASE=N reruns that case alone (LSP_FUZZ_SEED and LSP_FUZZ_CASES
// change the run).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic, DocumentDiagnosticReport, Position, Range } from 'vscode-languageserver-protocol';
import { LineMap } from '../../core/tracer/positions';
import { mutate, seededRandom, type Mutation } from '../support/mutate';
import { startServer, type TestClient } from '../support/lsp-client';
import { BOUND_MS, everyFeature, requester, Stuck } from '../support/lsp-requests';

const SEED = Number(process.env.LSP_FUZZ_SEED ?? 0x7e57ab1e);
const CASES = Number(process.env.LSP_FUZZ_CASES ?? 1000);
const ONLY = process.env.LSP_FUZZ_CASE === undefined ? undefined : Number(process.env.LSP_FUZZ_CASE);
const MAX_REPORTED = 10;

const sources = [
  ...readdirSync('examples')
    .filter((name) => name.endsWith('.tracer.js'))
    .map((name) => join('examples', name)),
  ...readdirSync('test/fixtures/tracers')
    .filter((name) => name.endsWith('.js'))
    .map((name) => join('test/fixtures/tracers', name)),
].sort();
const texts = sources.map((path) => readFileSync(path, 'utf8'));

/** Case `index`: which tracer, and what was done to it (from the seed and the index alone). */
function caseAt(index: number): { source: number; mutation: Mutation } {
  const random = seededRandom(SEED + index);
  const source = Math.floor(random() * texts.length);
  return { source, mutation: mutate(texts[source], random) };
}

/** One edit turning `before` into `after` (the changed middle), as an incremental LSP change. */
function edit(before: string, after: string): { range: Range; text: string } {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end])
    end++;
  const lines = new LineMap(before);
  return { range: lines.range(start, before.length - end), text: after.slice(start, after.length - end) };
}

test(`LSP fuzz: mutated tracers, every request answered within ${BOUND_MS} ms`, { timeout: 120_000 }, async (t) => {
  const client: TestClient = await startServer({
    textDocument: { diagnostic: {}, completion: { completionItem: { snippetSupport: true } } },
  });
  const errorsLogged: string[] = [];
  client.connection.onNotification('window/logMessage', (params: { type: number; message: string }) => {
    if (params.type === 1) errorsLogged.push(params.message);
  });
  let gone: string | undefined;
  void client.exited.then(({ code, signal }) => {
    gone = `the server exited (code ${code}, signal ${signal})`;
  });
  const failures: string[] = [];
  const timings: number[] = [];
  const versions = new Map<number, { uri: string; version: number; text: string }>();
  const started = performance.now();
  const indices = ONLY === undefined ? Array.from({ length: CASES }, (_, i) => i) : [ONLY];
  t.diagnostic(`seed ${SEED} (LSP_FUZZ_SEED), ${indices.length} cases of ${sources.length} tracers`);

  for (const index of indices) {
    const { source, mutation } = caseAt(index);
    const { text } = mutation;
    const problems: string[] = [];
    const request = requester(client, { problems, timings, gone: () => gone });

    // The mutated text replaces the document's current text: opened the first time, then edited.
    const open = versions.get(source);
    const document = open ?? { uri: `file:///tmp/fuzz-${source}.tracer.js`, version: 0, text: '' };
    document.version++;
    if (open) await client.change(document.uri, document.version, [edit(document.text, text)]);
    else
      await client.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri: document.uri, languageId: 'evm-tracer', version: 1, text },
      });
    document.text = text;
    versions.set(source, document);

    const lines = new LineMap(text);
    const random = seededRandom(SEED ^ index);
    // Where the text was damaged, anywhere, and the end.
    const offsets = [mutation.at[0], Math.floor(random() * (text.length + 1)), text.length];
    const positions: Position[] = offsets.map((offset) => lines.positionAt(offset));
    const textDocument = { uri: document.uri };
    try {
      const report = await request<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument });
      const diagnostics: Diagnostic[] = report?.kind === 'full' ? report.items : [];
      for (const diagnostic of diagnostics) {
        if (diagnostic.range.end.line >= lines.lineCount) problems.push(`diagnostic past the end: ${JSON.stringify(diagnostic)}`);
      }
      await everyFeature(request, document.uri, positions, diagnostics);
    } catch (error) {
      if (!(error instanceof Stuck)) throw error;
      problems.push(error.message);
      gone ??= 'stuck';
    }
    if (errorsLogged.length > 0) problems.push(`the server logged errors: ${errorsLogged.splice(0).join(' | ')}`);
    if (gone) problems.push(gone);
    if (problems.length > 0) {
      mkdirSync('test-artifacts', { recursive: true });
      const saved = join('test-artifacts', `lsp-fuzz-${SEED}-${index}.tracer.js`);
      writeFileSync(saved, text);
      failures.push(
        `case ${index} (LSP_FUZZ_CASE=${index} LSP_FUZZ_SEED=${SEED}): ${sources[source]} after ${mutation.steps.join(', ')}; ` +
          `${text.length} characters (saved as ${saved}):\n    ${problems.join('\n    ')}`,
      );
    }
    if (gone || failures.length >= MAX_REPORTED) break;
  }

  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  t.diagnostic(
    `${timings.length} requests in ${seconds.toFixed(1)} s; server CPU per request: most ${timings[timings.length - 1]?.toFixed(0)} ms, p99 ${timings[Math.floor(timings.length * 0.99)]?.toFixed(0)} ms`,
  );
  if (gone) client.kill();
  else await client.close();
  const stderr = client.stderr();
  assert.deepEqual(
    failures,
    [],
    `seed ${SEED}: ${failures.length} failing case(s)\n${failures.join('\n')}${stderr ? `\nserver stderr:\n${stderr.slice(-4000)}` : ''}`,
  );
});
