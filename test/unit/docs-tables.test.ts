// The documents' tables that restate what the code declares, compared with the declarations: the rule tables of
// docs/checks.md with the rule modules (code and default severity), docs/cli.md's command table with the CLI's
// subcommands, and README's command and settings tables with package.json's contributions. A rule, command or
// setting added, renamed or given another default fails here until the table says so.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { rules } from '../../core/tracer/rules';
import { knownDifferences } from '../differential/known';
import { runCli } from '../support/run-cli';
import { tablesWithHeader, type Table } from '../support/markdown';

interface Contributions {
  commands: { command: string; title: string }[];
  configuration: { properties: Record<string, { default?: unknown }> };
}

const contributes = (JSON.parse(readFileSync('package.json', 'utf8')) as { contributes: Contributions }).contributes;
const readme = readFileSync('README.md', 'utf8');

const rowsOf = (found: Table[]) => found.flatMap((table) => table.rows.map((row) => row.cells));
/** The backticked names of a cell: `missing-result`, `missing-fault` → both. */
const codesIn = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]);

test("docs/checks.md's rule tables list every rule once, with its default severity", () => {
  const rows = rowsOf(tablesWithHeader(readFileSync('docs/checks.md', 'utf8'), ['code', 'default', 'what']));
  const documented = rows.flatMap(([code, severity]) => codesIn(code).map((name) => ({ name, severity })));
  assert.deepEqual(documented.map((row) => row.name).sort(), rules.map((rule) => rule.code).sort(), 'rule codes');
  for (const rule of rules) {
    const expected = rule.providerOnly ? `${rule.defaultSeverity} (off at ES2017)` : rule.defaultSeverity;
    assert.equal(documented.find((row) => row.name === rule.code)?.severity, expected, `default of ${rule.code}`);
  }
});

test("README's command table lists every contributed command by its title", () => {
  const titles = rowsOf(tablesWithHeader(readme, ['command', 'what it does'])).map(([title]) => title);
  const contributed = contributes.commands.filter((entry) => !entry.command.startsWith('evmTracer._test.')).map((entry) => entry.title);
  assert.deepEqual([...titles].sort(), [...contributed].sort());
});

test("README's settings table lists every setting with its default", () => {
  const rows = rowsOf(tablesWithHeader(readme, ['setting', 'default', 'what']));
  const properties = contributes.configuration.properties;
  assert.deepEqual(rows.map(([name]) => codesIn(name)[0]).sort(), Object.keys(properties).sort(), 'setting names');
  for (const [name, shown] of rows) {
    const key = codesIn(name)[0];
    const value = properties[key].default;
    // A default shown as code must be the value; an empty string is described in words instead.
    if (value === '') assert.ok(!shown.startsWith('`'), `${key}: its default is empty, shown as ${shown}`);
    else assert.equal(shown, `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``, `default of ${key}`);
  }
});

test("docs/cli.md's command table lists every subcommand evm-tracer --help lists", async () => {
  const help = await runCli(['--help']);
  assert.equal(help.status, 0, help.stderr);
  const listed = help.stdout.split(/^commands:$/m)[1]?.split('\n\n')[0] ?? '';
  const subcommands = [...listed.matchAll(/^ {2}(\S+)/gm)].map((match) => match[1]);
  assert.ok(subcommands.length > 0, `no commands in: ${help.stdout}`);
  const names = rowsOf(tablesWithHeader(readFileSync('docs/cli.md', 'utf8'), ['command', 'what'])).map(([name]) => codesIn(name)[0]);
  assert.deepEqual([...names].sort(), subcommands.sort());
});

test('every documented divergence the differential tests know is an item of docs/differences-from-geth.md', () => {
  const items = new Set(
    [...readFileSync('docs/differences-from-geth.md', 'utf8').matchAll(/^- \*\*(.+?)\.?\*\*/gm)].map((match) => match[1]),
  );
  // The page's items are read (the differential may know no documented divergence at all).
  assert.ok(items.size > 0, 'docs/differences-from-geth.md has items');
  const named = knownDifferences.flatMap((known) => (known.readme === undefined ? [] : [known.readme]));
  assert.deepEqual(
    named.filter((item) => !items.has(item)),
    [],
    `items of the page: ${[...items].join(' | ')}`,
  );
});
