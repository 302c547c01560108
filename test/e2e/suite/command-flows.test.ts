// The command flows a newcomer walks through (issue 23): commands find the tracer on screen even when
// another editor has the focus, Add Node says where the key goes and shows the URL masked, Edit Node with
// Enter on every step changes nothing, a node that cannot list its transactions is explained, Trace with
// Built-in Tracer picks a transaction as Trace Transaction does, save dialogs start in real folders, result
// tabs are told apart from the tracer's, and Debug on an unsaved tracer says so before asking anything.
// Prompts are answered through the test hooks, on the real QuickPicks and InputBoxes.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { suite, suiteSetup, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { PromptView } from '../../../client/quick-input';
import { defaultSaveUri } from '../../../client/save-location';
import type { ViewState } from '../../../client/webview/messages';
import { startProviderServer, type ProviderServer } from '../../support/provider-server';
import { waitFor } from '../lib/workspace';
import { answerPrompt as answer, describe, fixtureUri, LOCAL_NODE, promptWhere, testHook } from './ext-helpers';

type StoredNode = { name: string; url: string; auth?: string; network?: unknown; chainId?: number };
const storedNodes = () => vscode.workspace.getConfiguration('evmTracer').get<StoredNode[]>('nodes') ?? [];

/** The tabs of result panels, by label. */
const resultTabs = () =>
  vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith('evmTracer.result'))
    .map((tab) => tab.label);

/** Waits for a result panel's tab labelled `label` (the tab list follows the panel a moment later). */
const resultTab = (label: string) =>
  waitFor(`a result tab labelled ${label}`, () => resultTabs().includes(label), { describeLast: () => resultTabs().join(' | ') });

suite('command flows', () => {
  suiteSetup(async () => {
    // A node started by an earlier suite may predate the seed setting: start afresh.
    await vscode.commands.executeCommand('evmTracer.stopLocalNode');
  });
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('evmTracer.stopLocalNode');
  });

  test('with another editor active, Flatten and Trace Transaction (no arguments, as from the walkthrough) use the tracer on screen', async () => {
    const tracer = fixtureUri('ops.tracer.js');
    await vscode.window.showTextDocument(tracer, { viewColumn: vscode.ViewColumn.One });
    await vscode.window.showTextDocument(fixtureUri('ops.call.json'), { viewColumn: vscode.ViewColumn.Two });
    assert.ok(vscode.window.activeTextEditor?.document.uri.path.endsWith('ops.call.json'));
    const flat = await vscode.commands.executeCommand<string | undefined>('evmTracer.flatten');
    assert.match(flat ?? '', /^\{ops: \[\],step: function \(log, db\)/);

    await vscode.window.showTextDocument(fixtureUri('ops.call.json'), { viewColumn: vscode.ViewColumn.Two });
    const running = vscode.commands.executeCommand<ViewState | undefined>('evmTracer.traceTransaction');
    await promptWhere('the seeded transactions', (view) => view.items.some((item) => item.label.includes('nested CALL')));
    await answer({ pick: 'nested CALL' });
    const state = await running;
    assert.equal(state?.outcome.status, 'done', state && describe(state));
    assert.equal(state?.spec.tracerUri, tracer.toString());
    await resultTab('Result: ops.tracer.js');
  });

  test('Debug on an unsaved tracer says it needs a saved file before asking for a transaction', async () => {
    const untitled = await vscode.workspace.openTextDocument({
      language: 'evm-tracer',
      content: 'var t = {step: function () {}, fault: function () {}, result: function () { return 1; }};',
    });
    await assert.rejects(
      Promise.resolve(
        vscode.commands.executeCommand('evmTracer.debugTraceTransaction', {
          uri: untitled.uri.toString(),
          node: LOCAL_NODE,
          tracerConfig: null,
        }),
      ),
      /Debug Trace needs the tracer saved as a file/,
    );
    assert.equal(await testHook('activePrompt'), undefined, 'nothing was asked');
  });

  test('Trace with Built-in Tracer → Transaction offers the same transaction picker', async () => {
    const running = vscode.commands.executeCommand<ViewState | undefined>('evmTracer.traceWithBuiltin', {
      name: 'callTracer',
      tracerConfig: null,
      kind: 'tx',
      node: LOCAL_NODE,
    });
    const list = await promptWhere('the seeded transactions', (view) => view.items.some((item) => item.label.includes('nested CALL')));
    assert.match(list.title, /^Trace Transaction on Local/);
    await answer({ pick: 'nested CALL' });
    const state = await running;
    assert.equal(state?.outcome.status, 'done', state && describe(state));
    const result = JSON.parse(state?.outcome.status === 'done' ? state.outcome.json : 'null') as {
      type: string;
      calls?: Array<{ type: string }>;
    };
    assert.equal(result.type, 'CALL');
    assert.match(JSON.stringify(result.calls), /"DELEGATECALL"/);
    await resultTab('Result: callTracer');
  });

  test('save dialogs start in a real folder: beside a saved tracer, else in the workspace folder', () => {
    const workspace = vscode.workspace.workspaceFolders![0].uri;
    const beside = defaultSaveUri(fixtureUri('ops.tracer.js').toString(), 'result.json');
    assert.equal(beside.toString(), vscode.Uri.joinPath(workspace, 'ops.result.json').toString());
    for (const [tracer, name] of [
      ['evm-tracer-builtin:/callTracer', 'callTracer.report.html'],
      ['untitled:Untitled-1', 'Untitled-1.report.html'],
    ]) {
      const uri = defaultSaveUri(tracer, 'report.html');
      assert.equal(uri.scheme, 'file', tracer);
      assert.equal(uri.toString(), vscode.Uri.joinPath(workspace, name).toString());
      assert.ok(statSync(vscode.Uri.joinPath(uri, '..').fsPath).isDirectory());
    }
  });

  suite('a node whose key goes last in its URL', () => {
    const NAME = 'key-last provider (test)';
    const key = `kl${randomBytes(12).toString('hex')}`;
    let server: ProviderServer | undefined;

    suiteSetup(async () => {
      server = await startProviderServer({ tls: false, paths: [`/v2/${key}`] });
      server.on('eth_chainId', { kind: 'result', value: '0x1' });
      server.on('eth_blockNumber', { kind: 'result', value: '0x10' });
      server.on('debug_traceCall', { kind: 'result', value: { traced: true } });
    });
    suiteTeardown(async () => {
      await vscode.commands.executeCommand('evmTracer.removeNode', NAME);
      await server?.stop();
    });

    test('Add Node says where the key goes and shows the URL masked before saving', async () => {
      const adding = vscode.commands.executeCommand<string | undefined>('evmTracer.addNode');
      await promptWhere('the name step', (view) => view.title === 'Add node' && view.step === 1);
      await answer({ value: NAME });
      await promptWhere('the chain step', (view) => view.step === 2);
      await answer({ pick: 'Any EVM chain' });
      await promptWhere('the chain id step', (view) => view.step === 3);
      await answer({ value: '1' });
      await promptWhere('the authentication step', (view) => view.step === 4);
      await answer({ pick: 'key' });
      const url = await promptWhere('the URL step', (view) => view.step === 5);
      assert.match(
        url.prompt ?? '',
        /put \{key\} where the access key goes: last \(https:\/\/host\/v2\/\{key\}\), in the path \(https:\/\/host\/\{key\}\/ext\/bc\/C\/rpc\)/,
      );
      await answer({ value: `${server!.httpBase}/v2/{key}` });
      await promptWhere('the key step', (view) => view.step === 6 && view.kind === 'input');
      await answer({ value: key });
      await promptWhere('the level step', (view) => view.step === 7);
      await answer({});
      const confirm = await promptWhere('the summary', (view) => view.step === 8);
      assert.equal(confirm.items[0].description, `${server!.httpBase}/v2/****`);
      assert.ok(!JSON.stringify(confirm).includes(key), 'the key is shown');
      await answer({});
      assert.equal(await adding, NAME);
      const node = storedNodes().find((item) => item.name === NAME);
      assert.deepEqual(node, { name: NAME, url: `${server!.httpBase}/v2/{key}`, auth: 'key', network: 'custom', chainId: 1 });
      assert.ok(!JSON.stringify(storedNodes()).includes(key), 'the key is in settings');
      // Its chain id is checked at once, at the key's place.
      await waitFor('the chain id check', () =>
        server!.requests.some((request) => request.path === `/v2/${key}` && request.body.includes('eth_chainId')),
      );
    });

    test('Edit Node with Enter on every step changes nothing, in settings and in secret storage', async () => {
      const before = JSON.stringify(storedNodes());
      const editing = vscode.commands.executeCommand<string | undefined>('evmTracer.editNode', NAME);
      const seen: PromptView[] = [];
      for (let step = 1; ; step++) {
        const view = await promptWhere(`step ${step}`, (shown) => shown.title === `Edit node ${NAME}` && shown.step === step);
        seen.push(view);
        await answer({});
        if (step === view.totalSteps) break;
      }
      assert.equal(await editing, NAME);
      assert.deepEqual(
        seen.map((view) => view.kind),
        ['input', 'pick', 'input', 'pick', 'input', 'input', 'pick', 'pick'],
      );
      assert.equal(seen[0].value, NAME);
      assert.equal(seen[2].value, '1');
      assert.equal(seen[4].value, `${server!.httpBase}/v2/{key}`);
      assert.match(seen[5].prompt ?? '', /empty keeps the stored one/);
      assert.equal(seen[7].items[0].description, `${server!.httpBase}/v2/****`);
      assert.equal(JSON.stringify(storedNodes()), before);
      // The stored key is the same: a trace reaches the key's path with it.
      server!.requests.length = 0;
      const state = await vscode.commands.executeCommand<ViewState>('evmTracer.traceCall', {
        uri: fixtureUri('ops.tracer.js').toString(),
        call: { to: '0x0000000000000000000000000000000000000001' },
        block: 'latest',
        node: NAME,
        tracerConfig: null,
      });
      assert.equal(state.outcome.status, 'done', describe(state));
      assert.ok(
        server!.requests.some((request) => request.path === `/v2/${key}` && request.body.includes('debug_traceCall')),
        JSON.stringify(server!.requests.map((request) => request.path)),
      );
    });
  });

  suite('a node that does not answer', () => {
    const NAME = 'unreachable node (test)';

    suiteSetup(() =>
      vscode.commands.executeCommand('evmTracer.addNode', { name: NAME, url: 'http://127.0.0.1:9/', network: 'custom', chainId: 1 }),
    );
    suiteTeardown(() => vscode.commands.executeCommand('evmTracer.removeNode', NAME));

    test('Trace Transaction lists why, in full, instead of an empty list', async () => {
      const running = vscode.commands.executeCommand('evmTracer.traceTransaction', {
        uri: fixtureUri('ops.tracer.js').toString(),
        node: NAME,
        tracerConfig: null,
      });
      const list = await promptWhere('the error row', (view) => view.items.some((item) => item.label.startsWith('$(error)')));
      const row = list.items.find((item) => item.label.startsWith('$(error)'))!;
      assert.match(row.label, /unreachable node \(test\) did not list its transactions/);
      assert.match(row.detail ?? '', /127\.0\.0\.1:9/);
      assert.equal(list.placeholder, 'Pick a transaction, or paste a hash (0x + 64 hex digits)');
      await answer({ cancel: true });
      assert.equal(await running, undefined);
    });
  });
});
