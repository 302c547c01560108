// The result panel made for big results, in real VS Code: one panel per tracer with its run history, never
// a third column, find over the data, the tree from the keyboard, and the view kept when hidden; its
// actions as title-bar and palette commands, Compare Results picking runs from any panel, the seeded
// contracts' names on the flame chart, and the saved HTML report naming its node and target. Keys are
// pressed inside the webview through the test hook (dispatched like real ones to the focused element).
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { PromptView } from '../../../client/quick-input';
import type { RenderedContent, TestKey, ViewState } from '../../../client/webview/messages';
import { waitFor } from '../lib/workspace';
import { describe, extensionId, fixtureUri, LOCAL_NODE, renderedResult, testHook, traceCall } from './ext-helpers';

const press = async (...keys: Array<string | TestKey>): Promise<RenderedContent> => {
  const view = await testHook<RenderedContent | undefined>('lastResultView', {
    keys: keys.map((key) => (typeof key === 'string' ? { key } : key)),
  });
  if (!view) throw new Error('no result panel');
  return view;
};

/** The open result panels' tabs (webview tabs) of the tracer file `tracer` ("Result: <tracer>"). */
function panelTabs(tracer: string): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputWebview && tab.label === `Result: ${tracer}`);
}

suite('the result panel', () => {
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('evmTracer.stopLocalNode');
  });

  test('one panel per tracer file, titled with its name, reused by later runs and keeping their history', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const first = await traceCall('ops.tracer.js', { node: LOCAL_NODE, tracerConfig: null });
    assert.equal(first.outcome.status, 'done', describe(first));
    const second = await traceCall('ops.tracer.js', { node: LOCAL_NODE, tracerConfig: null });
    assert.equal(second.outcome.status, 'done', describe(second));
    assert.equal(panelTabs('ops.tracer.js').length, 1);
    const view = await renderedResult();
    assert.equal(view.history.length, 2, view.history.join('\n'));
    assert.match(view.history[0], /^Run 2 · .* · done$/);
    assert.match(view.history[1], /^Run 1 · .* · done$/);
    // Another tracer gets its own panel.
    await traceCall('labelled.tracer.js', { node: LOCAL_NODE });
    assert.equal(panelTabs('labelled.tracer.js').length, 1);
    assert.equal(panelTabs('ops.tracer.js').length, 1);
  });

  test('tracing from the right-hand group of two opens the panel in the left one, not a third column', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(fixtureUri('ops.tracer.js')), {
      viewColumn: vscode.ViewColumn.One,
    });
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(fixtureUri('count-ops.tracer.js')), {
      viewColumn: vscode.ViewColumn.Two,
    });
    assert.equal(vscode.window.tabGroups.all.length, 2);
    await traceCall('markup.tracer.js', { node: LOCAL_NODE, tracerConfig: null });
    assert.equal(vscode.window.tabGroups.all.length, 2, 'no third column');
    const [tab] = panelTabs('markup.tracer.js');
    assert.equal(tab?.group.viewColumn, vscode.ViewColumn.One);
  });

  test('the tree from the keyboard: rows with ARIA levels, expand, collapse, first and last, visible focus', async () => {
    const state = await traceCall('ops.tracer.js', { node: LOCAL_NODE, tracerConfig: null });
    assert.equal(state.outcome.status, 'done', describe(state));
    await renderedResult();
    let view = await press('Home');
    assert.deepEqual(view.focused && [view.focused.path, view.focused.level, view.focused.expanded, view.focused.active], [
      '(root)',
      1,
      true,
      true,
    ]);
    // A collapsed row's preview shows its contents.
    assert.match(view.focused?.text ?? '', /\{ops: Array\(4\)\}/);
    view = await press('ArrowDown');
    assert.deepEqual(view.focused && [view.focused.path, view.focused.level, view.focused.expanded], ['ops', 2, true]);
    view = await press('ArrowLeft');
    assert.deepEqual(view.focused && [view.focused.path, view.focused.expanded], ['ops', false]);
    assert.match(view.focused?.text ?? '', /ops: \(4\) \["PUSH1", "PUSH1", "MSTORE", "STOP"\]/);
    assert.equal(view.rowCount, 2);
    view = await press('ArrowRight', 'ArrowRight');
    assert.deepEqual(view.focused && [view.focused.path, view.focused.level, view.focused.text], ['ops[0]', 3, ' 0: "PUSH1"']);
    view = await press('End');
    assert.equal(view.focused?.path, 'ops[3]');
    view = await press('ArrowLeft', 'Enter');
    assert.deepEqual(view.focused && [view.focused.path, view.focused.expanded], ['ops', false]);
    view = await press('Enter', 'ArrowUp');
    assert.deepEqual(view.focused && [view.focused.path, view.rowCount], ['(root)', 6]);
  });

  test('find (Ctrl+F) over keys and values: counts, steps with Enter / Shift+Enter, expands to the hit', async () => {
    const state = await traceCall('many-rows.tracer.js', { node: LOCAL_NODE, tracerConfig: null });
    assert.equal(state.outcome.status, 'done', describe(state));
    let view = await renderedResult();
    // 1.4 MB, 21,000 entries: the structLogs array is open, but only the rows around the viewport are in the page.
    assert.ok(view.rowCount > 21_000, `${view.rowCount} rows`);
    assert.ok(view.rows.length < 200, `${view.rows.length} rows in the DOM`);
    view = await press({ key: 'f', ctrlKey: true }, { key: 'Enter', text: '0x5207' });
    assert.deepEqual(view.find && [view.find.open, view.find.count, view.find.current, view.find.label], [true, 1, 1, '1 of 1']);
    assert.equal(view.focused?.path, 'structLogs[20999].stack[1]');
    assert.ok(
      view.rows.some((row) => row.includes('1: "0x5207"')),
      view.rows.join(' | '),
    );
    view = await press({ key: 'Enter', text: 'MSTORE' });
    assert.deepEqual(view.find && [view.find.count, view.find.current], [7000, 2]);
    assert.equal(view.focused?.path, 'structLogs[3].op');
    view = await press({ key: 'Enter', shiftKey: true }, { key: 'Enter', shiftKey: true });
    assert.deepEqual(view.find && [view.find.current, view.focused?.path], [7000, 'structLogs[20997].op']);
    // Keys match too: typing shows the first hit, Enter steps to the next.
    view = await press({ key: 'Enter', text: 'gas' });
    assert.deepEqual(view.find && [view.find.count, view.find.current], [21_001, 2]);
    assert.equal(view.focused?.path, 'structLogs[0].gas');
  });

  test('the view is kept when the panel is hidden and shown again: expansion, focus, scroll, find', async () => {
    const before = await press('Escape', 'End', 'ArrowUp', 'ArrowUp');
    assert.equal(before.find?.open, false);
    assert.equal(before.focused?.path, 'structLogs[20999].stack');
    assert.ok((before.ui?.scrollTop ?? 0) > 100_000, `scrollTop ${before.ui?.scrollTop}`);
    const reopened = await press({ key: 'f', ctrlKey: true }, { key: 'Enter', text: '0x1' });
    assert.ok((reopened.find?.count ?? 0) > 21_000, JSON.stringify(reopened.find));
    const [tab] = panelTabs('many-rows.tracer.js');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(fixtureUri('ops.tracer.js')), {
      viewColumn: tab.group.viewColumn,
    });
    assert.equal(panelTabs('many-rows.tracer.js')[0]?.isActive, false);
    const after = await renderedResult();
    assert.deepEqual(after.ui, reopened.ui);
    assert.deepEqual([after.focused?.path, after.find?.query, after.find?.count], [reopened.focused?.path, '0x1', reopened.find?.count]);
    assert.deepEqual(after.rows, reopened.rows);
  });

  test('the actions are commands with codicons in the title bar of an active result panel and in the palette', async () => {
    const manifest = vscode.extensions.getExtension(extensionId)?.packageJSON as {
      contributes: {
        commands: Array<{ command: string; icon?: string }>;
        menus: Record<string, Array<{ command: string; when?: string }>>;
      };
    };
    const actions = manifest.contributes.commands.filter(
      ({ command }) => command.startsWith('evmTracer.result.') || command === 'evmTracer.compareResults',
    );
    assert.equal(actions.length, 11);
    for (const { command, icon } of actions) {
      assert.match(icon ?? '', /^\$\([a-z-]+\)$/, `${command} has no codicon`);
      const title = manifest.contributes.menus['editor/title'].find((entry) => entry.command === command);
      assert.match(title?.when ?? '', /activeWebviewPanelId == 'evmTracer\.result'/, `${command} is not in the result panel's title bar`);
      const palette = manifest.contributes.menus.commandPalette.find((entry) => entry.command === command);
      assert.ok(palette === undefined || palette.when !== 'false', `${command} is hidden from the palette`);
    }
    // They act on the panel: Expand All, Collapse All and Find reach its webview.
    const state = await traceCall('ops.tracer.js', { node: LOCAL_NODE, tracerConfig: null });
    assert.equal(state.outcome.status, 'done', describe(state));
    await renderedResult();
    await vscode.commands.executeCommand('evmTracer.result.expandAll');
    assert.equal((await press()).rowCount, 6);
    await vscode.commands.executeCommand('evmTracer.result.collapseAll');
    // The root stays open: its one key shows.
    assert.equal((await press()).rowCount, 2);
    await vscode.commands.executeCommand('evmTracer.result.find');
    assert.equal((await press()).find?.open, true);
  });

  test('Compare Results offers the runs of every open panel and compares the two picked', async () => {
    await traceCall('labelled.tracer.js', { node: LOCAL_NODE });
    const comparing = vscode.commands.executeCommand<boolean>('evmTracer.compareResults');
    const prompt = () => testHook<PromptView | undefined>('activePrompt');
    const first = await waitFor('the first step of Compare Results', async () => ((await prompt())?.step === 1 ? prompt() : undefined));
    const labels = first!.items.map((item) => `${item.label} ${item.description}`);
    assert.ok(
      labels.some((label) => label.startsWith('$(eye) labelled.tracer.js · run ') && label.endsWith(' · shown')),
      labels.join('\n'),
    );
    assert.ok(
      labels.some((label) => label.includes('ops.tracer.js · run ')),
      labels.join('\n'),
    );
    await testHook('answerPrompt', { pick: 'labelled.tracer.js' });
    const second = await waitFor('the second step', async () => ((await prompt())?.step === 2 ? prompt() : undefined));
    assert.ok(!second!.items.some((item) => item.label.includes('labelled.tracer.js')), 'the first pick is offered again');
    await testHook('answerPrompt', { pick: 'ops.tracer.js' });
    assert.equal(await comparing, true);
    const view = await waitFor('the compare view', async () => {
      const shown = await testHook<RenderedContent | undefined>('lastResultView');
      return shown?.compare ? shown : undefined;
    });
    assert.match(view.compare?.heading ?? '', /^Compare: labelled\.tracer\.js run \d+ at [\d:]+ ↔ ops\.tracer\.js run \d+ at [\d:]+$/);
    assert.match(view.compare?.summary ?? '', /^\d+ differences?$/);
  });

  test("the seeded contracts name the flame chart's boxes; the saved HTML report names its node and target", async () => {
    const url = await vscode.commands.executeCommand<string>('evmTracer.startLocalNode');
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evmtracer_seedInfo', params: [] }),
    });
    const seed = ((await response.json()) as { result: { transactions: Array<{ hash: string; title: string }> } }).result;
    const nested = seed.transactions.find((tx) => tx.title.startsWith('nested CALL'));
    assert.ok(nested, JSON.stringify(seed.transactions));
    const state = await vscode.commands.executeCommand<ViewState>('evmTracer.traceTransaction', {
      uri: fixtureUri('call-tree.tracer.js').toString(),
      hash: nested.hash,
      node: LOCAL_NODE,
      tracerConfig: null,
    });
    assert.equal(state.outcome.status, 'done', describe(state));
    const view = await waitFor('the named flame chart', async () => {
      const shown = await testHook<RenderedContent | undefined>('lastResultView');
      return shown?.frameLabels?.[0]?.includes('Router') ? shown : undefined;
    });
    assert.equal(view.frameLabels?.[0], 'route Router');
    const target = vscode.Uri.file(join(mkdtempSync(join(tmpdir(), 'evm-report-')), 'nested.report.html'));
    assert.equal(await vscode.commands.executeCommand('evmTracer.result.saveHtml', { target: target.toString() }), target.toString());
    const html = readFileSync(target.fsPath, 'utf8');
    const data = JSON.parse(/<script type="application\/json" id="report-data">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null') as {
      main: { source: Record<string, string> };
      names: { contracts: Record<string, string> };
    };
    assert.deepEqual(data.main.source, {
      method: 'debug_traceTransaction',
      tracer: 'call-tree.tracer.js',
      node: LOCAL_NODE,
      maskedUrl: state.request.maskedUrl,
      target: state.request.target,
    });
    assert.ok(state.request.target.includes(nested.hash), state.request.target);
    assert.ok(Object.values(data.names.contracts).includes('Router'));
  });
});
