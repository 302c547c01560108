// The command line every `evm-tracer` command shares (cli/command-line.ts): one --help shape, and usage
// errors that name the command and the mistake, with the synopsis, exit status 2.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';

const commandNames = ['lint', 'flatten', 'trace', 'check', 'xchain', 'node', 'replay', 'report'];

test('every command answers --help (and -h) with the same shape: usage, description, options ending in -h, --help', () => {
  for (const name of commandNames) {
    const long = spawnSync(process.execPath, ['dist/cli.js', name, '--help'], { encoding: 'utf8' });
    assert.equal(long.status, 0, name);
    assert.equal(long.stderr, '', name);
    assert.match(
      long.stdout,
      new RegExp(
        `^usage: evm-tracer ${name} \\S.*\\n(.+\\n)*\\n.+\\n(.+\\n)*\\noptions:\\n(  -.+\\n| {25}.+\\n)*  -h, --help {13}print this help\\n`,
      ),
      name,
    );
  }
  const short = spawnSync(process.execPath, ['dist/cli.js', 'trace', '-h'], { encoding: 'utf8' });
  assert.equal(short.stdout, spawnSync(process.execPath, ['dist/cli.js', 'trace', '--help'], { encoding: 'utf8' }).stdout);
});

test('an unknown option is a usage error in every command: named, the closest option offered, the synopsis shown', () => {
  for (const name of commandNames) {
    const run = spawnSync(process.execPath, ['dist/cli.js', name, '--jsonn'], { encoding: 'utf8' });
    assert.equal(run.status, 2, name);
    assert.equal(run.stdout, '', name);
    assert.match(
      run.stderr,
      new RegExp(
        `^evm-tracer ${name}: Unknown option '--jsonn'.*\\n\\nusage: evm-tracer ${name} .*\\n(.*\\n)*Run 'evm-tracer ${name} --help' for its options\\.\\n$`,
      ),
      name,
    );
  }
  const report = spawnSync(process.execPath, ['dist/cli.js', 'report', 'r.json', '--htm', 'out.html'], { encoding: 'utf8' });
  assert.match(report.stderr, /^evm-tracer report: Unknown option '--htm' \(did you mean --html\?\)\n/);
});

test('option mistakes never repeat the value given (it may be a key or a password)', () => {
  const cases: [string[], RegExp][] = [
    [['trace', 'call', '--kee=s3cr3t-KEY'], /Unknown option '--kee' \(did you mean --key\?\)/],
    [['check', '--verbose=s3cr3t-KEY'], /Option '--verbose' does not take an argument/],
    [['check', '--key', '-s3cr3t-KEY'], /option '--key' needs a value \(one that starts with '-' is written --key=-VALUE\)/],
    [['node', '--basic'], /option '--basic' needs a value/],
  ];
  for (const [args, message] of cases) {
    const run = spawnSync(process.execPath, ['dist/cli.js', ...args], { encoding: 'utf8' });
    assert.equal(run.status, 2, args.join(' '));
    assert.match(run.stderr, message, args.join(' '));
    assert.doesNotMatch(run.stderr, /s3cr3t/, args.join(' '));
  }
});

test('a positional argument a command does not take is named', () => {
  for (const [args, name] of [
    [['node', 'extra'], 'node'],
    [['check', 'extra'], 'check'],
    [['xchain', 'balance', 'extra'], 'xchain'],
  ] as const) {
    const run = spawnSync(process.execPath, ['dist/cli.js', ...args], { encoding: 'utf8' });
    assert.equal(run.status, 2, args.join(' '));
    assert.match(run.stderr, new RegExp(`^evm-tracer ${name}: unexpected argument 'extra'\\n`), args.join(' '));
  }
});
