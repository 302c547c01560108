// Issue 15 §4, §5, §7 in real VS Code: the flattened outputs give no problems (JavaScript's own checker,
// shown to be running, says nothing about them) and wrap; Add Node takes a bare host and any chain id, and
// the status bar tells an expected chain id from a confirmed one; the walkthrough and the keybindings are
// contributed, the keys clashing with none of VS Code's defaults.
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import { extensionId, extensionPath, LOCAL_NODE, testHook } from './ext-helpers';
import { openFixture, waitFor } from '../lib/workspace';

const BARE_NODE = 'bare host (test)';
const LOCAL_COPY = 'local by URL (test)';

function nodeStatus(name: string): Thenable<string | undefined> {
  return testHook<string | undefined>('nodeStatus', name);
}

suite('newcomer: flattened output', () => {
  test('Flatten, request body and curl: own languages, word-wrapped, zero problems where JavaScript would report some', async () => {
    const document = await openFixture('count-ops.tracer.js');
    const uri = document.uri.toString();
    const flat = await vscode.commands.executeCommand<string>('evmTracer.flatten', { uri });
    const flatDocument = vscode.window.activeTextEditor!.document;
    await vscode.commands.executeCommand('evmTracer.flattenAsRequest', { uri, kind: 'tx' });
    const requestDocument = vscode.window.activeTextEditor!.document;
    await vscode.commands.executeCommand('evmTracer.flattenAsCurl', { uri, kind: 'tx' });
    const curlDocument = vscode.window.activeTextEditor!.document;
    assert.deepEqual(
      [flatDocument, requestDocument, curlDocument].map((d) => [d.uri.scheme, d.languageId]),
      [
        ['evm-tracer-output', 'evm-tracer-flat'],
        ['evm-tracer-output', 'evm-tracer-request'],
        ['evm-tracer-output', 'evm-tracer-curl'],
      ],
    );
    for (const shown of [flatDocument, requestDocument, curlDocument]) {
      assert.equal(vscode.workspace.getConfiguration('editor', shown).get('wordWrap'), 'on', shown.languageId);
    }
    const request = JSON.parse(requestDocument.getText()) as { params: [string, { tracer: string }] };
    assert.equal(request.params[0], '<TRANSACTION_HASH>');
    assert.equal(request.params[1].tracer, flat);

    // The control: the same line as a JavaScript document gets the errors the issue saw, so the
    // checker runs in this VS Code and has had its time when the outputs still have none.
    const control = await vscode.workspace.openTextDocument({ language: 'javascript', content: flat });
    await vscode.window.showTextDocument(control, { preview: false });
    const controlProblems = await waitFor(
      'JavaScript to check the control document',
      () => {
        const found = vscode.languages.getDiagnostics(control.uri);
        return found.length > 0 ? found : undefined;
      },
      { timeoutMs: 90_000 },
    );
    assert.ok(controlProblems.length > 0);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    const outputs = new Set([flatDocument, requestDocument, curlDocument].map((d) => d.uri.toString()));
    const problems = vscode.languages.getDiagnostics().filter(([u, list]) => outputs.has(u.toString()) && list.length > 0);
    assert.deepEqual(
      problems.map(([u, list]) => `${u.toString()}: ${list.map((d) => d.message).join('; ')}`),
      [],
    );
  });
});

suite('newcomer: nodes for any EVM chain', () => {
  suiteTeardown(async () => {
    for (const name of [BARE_NODE, LOCAL_COPY]) {
      const nodes = vscode.workspace.getConfiguration('evmTracer').get<Array<{ name: string }>>('nodes') ?? [];
      if (nodes.some((node) => node.name === name)) await vscode.commands.executeCommand('evmTracer.removeNode', name);
    }
  });

  test('a bare host on a custom chain: https assumed, no Avalanche path, no X-Chain URL, chain id only expected', async () => {
    await vscode.commands.executeCommand('evmTracer.addNode', {
      name: BARE_NODE,
      url: 'rpc.example.invalid',
      network: 'custom',
      chainId: 11155111,
    });
    const stored = (vscode.workspace.getConfiguration('evmTracer').get<Array<Record<string, unknown>>>('nodes') ?? []).find(
      (node) => node.name === BARE_NODE,
    );
    assert.deepEqual(stored, { name: BARE_NODE, url: 'https://rpc.example.invalid/', auth: 'none', network: 'custom', chainId: 11155111 });
    assert.equal(await nodeStatus(BARE_NODE), `${BARE_NODE} · chain 11155111 (expected)`);
    await assert.rejects(
      Promise.resolve(
        vscode.commands.executeCommand('evmTracer.addNode', {
          name: 'with x-chain (test)',
          url: 'rpc.example.invalid',
          xChainUrl: 'rpc.example.invalid',
          network: 'custom',
          chainId: 5,
        }),
      ),
      /X-Chain URL belongs to an Avalanche node/,
    );
  });

  test('a node that answers: the status says its chain id is confirmed', async () => {
    const url = await vscode.commands.executeCommand<string>('evmTracer.startLocalNode');
    const localStatus = (await nodeStatus(LOCAL_NODE)) ?? '';
    const chainId = Number(/chain (\d+)/.exec(localStatus)?.[1]);
    assert.ok(chainId > 0, localStatus);
    await vscode.commands.executeCommand('evmTracer.addNode', { name: LOCAL_COPY, url, network: 'custom', chainId });
    await waitFor('the chain id check after Add Node', async () => (await nodeStatus(LOCAL_COPY))?.endsWith('(confirmed)'), {
      describeLast: () => 'not confirmed',
    });
    assert.equal(await nodeStatus(LOCAL_COPY), `${LOCAL_COPY} · chain ${chainId} (confirmed)`);
  });
});

interface Keybinding {
  key: string;
  command: string;
  when?: string;
  mac?: string;
}

/** VS Code's "Default Keybindings" document: JSON with comments, one rule per entry. */
async function defaultKeybindings(): Promise<Keybinding[]> {
  await vscode.commands.executeCommand('workbench.action.openDefaultKeybindingsFile');
  const document = await waitFor('the default keybindings document', () => {
    const active = vscode.window.activeTextEditor?.document;
    return active && active.getText().includes('"command"') ? active : undefined;
  });
  const text = document.getText();
  await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  const json = text.replace(/^\s*\/\/.*$/gm, '').replace(/,(\s*[\]}])/g, '$1');
  return JSON.parse(json) as Keybinding[];
}

suite('newcomer: getting started', () => {
  test('the walkthrough is contributed with its five steps, each with its media, and opens', async () => {
    const manifest = vscode.extensions.getExtension(extensionId)!.packageJSON as {
      contributes: { walkthroughs: Array<{ id: string; steps: Array<{ id: string; media: { markdown: string } }> }> };
    };
    const [walkthrough] = manifest.contributes.walkthroughs;
    assert.deepEqual(
      walkthrough.steps.map((step) => step.id),
      ['open-tracer', 'trace-transaction', 'see-result', 'flatten', 'add-node'],
    );
    for (const step of walkthrough.steps) assert.ok(existsSync(join(extensionPath(), step.media.markdown)), step.media.markdown);
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${extensionId}#${walkthrough.id}`, false);
    await waitFor('the walkthrough editor', () =>
      vscode.window.tabGroups.all.flatMap((group) => group.tabs).some((tab) => /Welcome|Walkthrough|Get Started/i.test(tab.label)),
    );
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  test('keybindings for Trace Call, Trace Transaction, Flatten and Re-run, none of them a VS Code default', async () => {
    const manifest = vscode.extensions.getExtension(extensionId)!.packageJSON as { contributes: { keybindings: Keybinding[] } };
    const ours = manifest.contributes.keybindings;
    assert.deepEqual(ours.map((k) => k.command).sort(), [
      'evmTracer.flatten',
      'evmTracer.rerunLastTrace',
      'evmTracer.traceCall',
      'evmTracer.traceTransaction',
    ]);
    // Rules that never apply (`when: false`) take no keys.
    const defaults = (await defaultKeybindings()).filter(
      (k) => !k.command.replace(/^-/, '').startsWith('evmTracer.') && k.when !== 'false',
    );
    assert.ok(defaults.length > 100, `only ${defaults.length} default keybindings read`);
    // A default on the same chord, or on a single key that is the chord's first part, would take the keys.
    for (const { key } of ours) {
      const first = key.split(' ')[0];
      const clashes = defaults.filter((d) => d.key === key || d.key === first);
      assert.deepEqual(clashes, [], key);
    }
  });
});
