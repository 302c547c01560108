// A node behind HTTP Basic auth (the project's local node started with --basic-user), with its password in
// SecretStorage only: tracing works, a wrong password is explained, and the password shows up nowhere.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite, suiteSetup, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import { launchLocalNode, type LocalNode } from '../../../core/local-node-launcher';
import { waitFor } from '../lib/workspace';
import type { ViewState } from '../../../client/webview/messages';
import { describe, extensionHostLogFiles, extensionPath, fixtureUri, renderedResult, traceCall } from './ext-helpers';

/** The command lines of this machine's processes now. */
function commandLines(): string[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        return [readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ')];
      } catch {
        return []; // It ended meanwhile.
      }
    });
}

const NODE_NAME = 'basic-auth node (test)';
const USERNAME = 'tracer-test';

suite('a Basic-auth node', () => {
  const password = `pw-${randomBytes(12).toString('hex')}`;
  const forms = [password, Buffer.from(`${USERNAME}:${password}`).toString('base64')];
  let node: LocalNode | undefined;

  suiteSetup(async () => {
    node = await launchLocalNode({
      cliPath: join(extensionPath(), 'dist/cli.js'),
      args: ['--basic-user', USERNAME, '--basic-password-env', 'EVM_TRACER_TEST_PASSWORD'],
      env: { EVM_TRACER_TEST_PASSWORD: password },
    });
    await vscode.commands.executeCommand('evmTracer.addNode', {
      name: NODE_NAME,
      url: node.url,
      auth: 'basic',
      username: USERNAME,
      secret: password,
      network: 43112,
    });
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('evmTracer.removeNode', NODE_NAME);
    await node?.stop();
  });

  test('the password lives in SecretStorage, not in settings', () => {
    const nodes = vscode.workspace.getConfiguration('evmTracer').get<unknown[]>('nodes');
    const text = JSON.stringify(nodes);
    assert.match(text, new RegExp(USERNAME));
    for (const form of forms) assert.ok(!text.includes(form), 'the password is in settings');
  });

  test('Trace Call with the stored password returns the result', async () => {
    const state = await traceCall('ops.tracer.js', { node: NODE_NAME, tracerConfig: null });
    assert.equal(state.outcome.status, 'done', describe(state));
    const view = await renderedResult();
    assert.deepEqual(JSON.parse(view.resultJson ?? 'null'), { ops: ['PUSH1', 'PUSH1', 'MSTORE', 'STOP'] });
    for (const form of forms) {
      assert.ok(!JSON.stringify(state).includes(form), 'the password is in the panel state');
      assert.ok(!JSON.stringify(view).includes(form), 'the password is in the rendered panel');
    }
  });

  test('the saved HTML report names the node and its URL, without the password', async () => {
    const target = vscode.Uri.file(join(mkdtempSync(join(tmpdir(), 'evm-report-')), 'basic.report.html'));
    assert.equal(await vscode.commands.executeCommand('evmTracer.result.saveHtml', { target: target.toString() }), target.toString());
    const html = readFileSync(target.fsPath, 'utf8');
    assert.ok(html.includes(NODE_NAME) && html.includes(new URL(node!.url).host), 'the report does not say which node');
    for (const form of forms) assert.ok(!html.includes(form), 'the password is in the report');
  });

  test('Debug Trace Call replays on a local fork that dials with the password, which no command line shows', async () => {
    // The fork node lives only during the run: the process list is read all along.
    const seen = new Set<string>();
    const watching = setInterval(() => commandLines().forEach((line) => seen.add(line)), 25);
    let state: ViewState;
    try {
      state = await vscode.commands.executeCommand<ViewState>('evmTracer.debugTraceCall', {
        uri: fixtureUri('ops.tracer.js').toString(),
        block: 'latest',
        node: NODE_NAME,
        tracerConfig: null,
      });
    } finally {
      clearInterval(watching);
    }
    assert.equal(state.outcome.status, 'done', describe(state));
    assert.equal(state.request.ranOn, `a local fork of ${NODE_NAME}: the trace ran locally, on its state`);
    const view = await renderedResult();
    assert.deepEqual(JSON.parse(view.resultJson ?? 'null'), { ops: ['PUSH1', 'PUSH1', 'MSTORE', 'STOP'] });
    assert.ok(
      [...seen].some((line) => line.includes('--fork-url-env')),
      'the fork node was never seen in the process list',
    );
    for (const line of seen)
      for (const form of forms)
        assert.ok(!line.includes(form), `a command line holds the password: ${line.split(form).join('<PASSWORD>')}`);
  });

  test('a wrong password is reported as unauthorized', async () => {
    await vscode.commands.executeCommand('evmTracer.editNode', NODE_NAME, { secret: 'not-the-password' });
    try {
      const state = await traceCall('ops.tracer.js', { node: NODE_NAME, tracerConfig: null });
      assert.equal(state.outcome.status, 'failed', describe(state));
      if (state.outcome.status === 'failed') assert.equal(state.outcome.error.kind, 'unauthorized', describe(state));
    } finally {
      await vscode.commands.executeCommand('evmTracer.editNode', NODE_NAME, { secret: password });
    }
  });

  test('no log file holds the password', async () => {
    const ours = await waitFor('the trace to be logged', async () => {
      const files = (await extensionHostLogFiles()).filter((file) =>
        readFileSync(file, 'utf8').includes(`debug_traceCall on ${NODE_NAME}`),
      );
      return files.length > 0 && files;
    });
    assert.ok(ours.length > 0);
    for (const file of await extensionHostLogFiles()) {
      const text = readFileSync(file, 'utf8');
      for (const form of forms) assert.ok(!text.includes(form), `${file} holds the password`);
    }
  });
});
