// `evm-tracer report` and `evm-tracer trace … --html` as a user runs them (dist/cli.js in a child process); a
// traced report names its source (node, masked URL, target, method, tracer), no secret of the node's URL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ReportSource } from '../../report/data';
import { accessKey, assertNoSecret, password, queryKey } from '../access/secrets';
import { deepCallTreeJson } from '../report/fixtures';
import { openReport, testBrowser } from '../report/report-page';
import { startProviderServer, type ProviderServer } from '../support/provider-server';
import { trustingCli } from '../support/run-cli';

const cli = resolve('dist/cli.js');
const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-report-'));
const browser = testBrowser();
const run = (args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: dir });

/** The data element of a written report, parsed back. */
function embedded(html: string): {
  main: { title: string; result: unknown; source?: ReportSource };
  compare?: { title: string };
  names: { functions: Record<string, { name: string }> };
} {
  const match = /<script type="application\/json" id="report-data">([^<]*)<\/script>/.exec(html);
  assert.ok(match, 'no report-data element');
  return JSON.parse(match[1]);
}

test('report: writes one self-contained file with the result, the compared result and names from --abi-dir', () => {
  const input = join(dir, 'a.json');
  const other = join(dir, 'b.json');
  // 0xb6b55f25 is deposit(uint256) from the fixture workspace's Hardhat artifact.
  writeFileSync(
    input,
    JSON.stringify({ type: 'CALL', from: '0x01', to: '0x02', gasUsed: '0x10', input: '0xb6b55f25' + '0'.repeat(63) + '1' }),
  );
  writeFileSync(other, JSON.stringify({ ops: { ADD: 1 } }));
  const out = join(dir, 'a.html');
  const result = run(['report', input, '--html', out, '--compare', other, '--abi-dir', resolve('test/fixtures/report-workspace')]);
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stderr, /report written to .*a\.html/);
  const html = readFileSync(out, 'utf8');
  assert.doesNotMatch(html, /<script src|<link|https?:\/\//);
  const data = embedded(html);
  assert.equal(data.main.title, 'a.json');
  assert.equal(data.compare?.title, 'b.json');
  assert.deepEqual(
    Object.entries(data.names.functions).map(([selector, fn]) => [selector, fn.name]),
    [['0xb6b55f25', 'deposit']],
  );
});

test('report: a call tree 10,000 frames deep (a custom tracer can return one) is written, not "Maximum call stack size exceeded"', () => {
  const input = join(dir, 'deep.json');
  writeFileSync(input, deepCallTreeJson(10_000));
  const out = join(dir, 'deep.html');
  const result = run(['report', input, '--html', out, '--compare', input]);
  assert.equal(result.status, 0, result.stderr);
  let frame = embedded(readFileSync(out, 'utf8')).main.result as { calls?: unknown[] };
  let depth = 1;
  for (; frame.calls; depth++) frame = frame.calls[0] as typeof frame;
  assert.equal(depth, 10_000);
});

test('report: usage errors exit 2 and say what is wrong; unreadable input exits 1', () => {
  const missingHtml = run(['report', 'x.json']);
  assert.equal(missingHtml.status, 2);
  assert.match(missingHtml.stderr, /--html OUT\.html is required/);
  const two = run(['report', 'a.json', 'b.json', '--html', 'o.html']);
  assert.equal(two.status, 2);
  assert.match(two.stderr, /exactly one result file \(got 2\)/);
  const unknown = run(['report', 'a.json', '--htm', 'o.html']);
  assert.equal(unknown.status, 2);
  writeFileSync(join(dir, 'bad.json'), '{"a": ');
  const bad = run(['report', 'bad.json', '--html', 'o.html']);
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /bad\.json is not valid JSON/);
  assert.equal(existsSync(join(dir, 'o.html')), false);
  const missing = run(['report', 'nope.json', '--html', 'o.html']);
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /cannot read nope\.json: ENOENT/);
});

test('trace call --html: the call tracer example on the local node, as JSON on stdout and as a report naming its source', async () => {
  const out = join(dir, 'trace.html');
  const result = run([
    'trace',
    'call',
    '--call',
    resolve('examples/create-and-call.call.json'),
    '--tracer',
    resolve('examples/call.tracer.js'),
    '--html',
    out,
  ]);
  assert.equal(result.status, 0, result.stderr);
  const printed = JSON.parse(result.stdout) as { type: string; calls: unknown[] };
  assert.equal(printed.type, 'CREATE');
  const data = embedded(readFileSync(out, 'utf8'));
  assert.deepEqual(data.main.result, printed);
  assert.equal(data.main.title, 'call.tracer.js · trace call');
  // The page as a reader sees it: the source line under the title.
  const { page, problems } = await openReport(browser(), out);
  const source = await page.$$eval('.report-source dt', (terms) =>
    terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
  assert.deepEqual(
    source.map(([term]) => term),
    ['Node', 'Target', 'Method', 'Tracer'],
  );
  assert.match(source[0][1] ?? '', /^local \(http:\/\/127\.0\.0\.1:\d+\)$/);
  assert.deepEqual(source.slice(1), [
    ['Target', 'call to (contract creation) at block latest'],
    ['Method', 'debug_traceCall'],
    ['Tracer', 'call.tracer.js'],
  ]);
  assert.deepEqual(problems, []);
  await page.close();
  const noHtml = run(['trace', 'call', '--call', '{}', '--tracer', 'x.tracer.js', '--abi-dir', '.']);
  assert.equal(noHtml.status, 2);
  assert.match(noHtml.stderr, /--abi-dir goes with --html/);
});

test('trace --html on a node with a key in its path, Basic credentials or a query token: none is in the report', async () => {
  const keyed = await startProviderServer({ key: accessKey });
  const basic = await startProviderServer({ basic: { username: 'alice', password } });
  const query = await startProviderServer({ paths: [`/rpc?apikey=${queryKey}&id=plainword`] });
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, [keyed, basic, query].map((server) => server.cert.trim()).join('\n'));
  const traced = trustingCli(caFile);
  const hash = `0x${'ab'.repeat(32)}`;
  const host = (server: ProviderServer) => new URL(server.httpBase).host;
  const cases = [
    { server: keyed, node: `${keyed.httpBase}/${accessKey}/ext/bc/C/rpc`, shown: `${keyed.httpBase}/****/ext/bc/C/rpc` },
    { server: basic, node: `https://alice:${password}@${host(basic)}`, shown: `${basic.httpBase}/ext/bc/C/rpc` },
    { server: query, node: `${query.httpBase}/rpc?apikey=${queryKey}&id=plainword`, shown: `${query.httpBase}/rpc?****` },
  ];
  try {
    for (const { server, node, shown } of cases) {
      server.on('debug_traceTransaction', {
        kind: 'result',
        value: { type: 'CALL', from: '0x01', to: '0x02', gasUsed: '0x10', input: '0x' },
      });
      const out = join(dir, `source-${host(server).replace(':', '-')}.html`);
      const result = await traced(['trace', 'tx', hash, '--tracer', 'callTracer', '--node', node, '--html', out]);
      assert.equal(result.status, 0, result.stderr);
      const html = readFileSync(out, 'utf8');
      assertNoSecret(html, `the report of ${shown}`);
      for (const secret of [queryKey, 'plainword', `alice:`])
        assert.ok(!html.includes(secret), `the report of ${shown} holds ${secret.slice(0, 2)}…`);
      assert.deepEqual(embedded(html).main.source, {
        method: 'debug_traceTransaction',
        tracer: 'callTracer',
        node: host(server),
        maskedUrl: shown,
        target: `transaction ${hash}`,
      });
    }
  } finally {
    await Promise.all([keyed, basic, query].map((server) => server.stop()));
  }
});
