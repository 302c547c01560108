// Files named on the command line are read only when they are regular files within a size bound: a FIFO
// (which would block for ever), a device such as /dev/zero (which would fill the memory) or a directory gets a
// prompt error naming the option and the path.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli } from '../support/run-cli';

let dir: string;
let fifo: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'evm-tracer-inputs-'));
  fifo = join(dir, 'pipe.json');
  execFileSync('mkfifo', [fifo]);
  writeFileSync(join(dir, 'ok.tracer.js'), '{result: function () { return 1; }, fault: function () {}}');
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** Each command reading `path` as the given option, and the error it must end with. */
function commands(path: string): Array<{ args: string[]; error: RegExp }> {
  const at = path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return [
    { args: ['node', '--port', '0', '--chain-config', path], error: new RegExp(`cannot read --chain-config ${at}: `) },
    { args: ['node', '--port', '0', '--genesis', path], error: new RegExp(`cannot read --genesis ${at}: `) },
    { args: ['replay', path, '--tracer', 'callTracer'], error: new RegExp(`cannot read the fixture ${at}: |cannot read .*${at}: `) },
    { args: ['report', path, '--html', join(dir, 'out.html')], error: new RegExp(`cannot read ${at}: `) },
    { args: ['lint', path], error: new RegExp(`cannot read ${at}: `) },
    { args: ['trace', 'call', '--call', path, '--tracer', join(dir, 'ok.tracer.js')], error: new RegExp(`--call: cannot read ${at}: `) },
    { args: ['trace', 'call', '--call', '{}', '--tracer', path], error: new RegExp(`cannot read the tracer ${at}: `) },
    { args: ['lint', join(dir, 'ok.tracer.js'), '--config', path], error: new RegExp(`cannot read config file ${at}: `) },
  ];
}

for (const [what, path, reason] of [
  ['a FIFO', () => fifo, /a FIFO, not a regular file/],
  ['/dev/zero', () => '/dev/zero', /a device, not a regular file/],
  ['a directory', () => dir, /a directory, not a regular file|EISDIR/],
] as const) {
  test(`${what} given as any file option is refused at once, saying why`, async () => {
    for (const { args, error } of commands(path())) {
      const run = await runCli(args, { killAfterMs: 20_000 });
      assert.notEqual(run.status, null, `evm-tracer ${args.join(' ')} did not end`);
      assert.notEqual(run.status, 0, `evm-tracer ${args.join(' ')} succeeded`);
      assert.match(run.stderr, error, `evm-tracer ${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, reason, `evm-tracer ${args.join(' ')}: ${run.stderr}`);
    }
  });
}
