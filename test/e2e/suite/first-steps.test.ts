// A newcomer's first steps on the built-in local node, seeded with the example chain: Trace Transaction
// lists its transactions and traces one, a hash the node does not know is explained, and Trace Call's
// builder (dev accounts, seeded contracts, Back, one step counter) ends in a saved `.call.json` that the
// next run uses without asking. The prompts are answered through the test hooks, on the real QuickPicks.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { suite, suiteSetup, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { ViewState } from '../../../client/webview/messages';
import { answerPrompt as answer, describe, fixtureUri, LOCAL_NODE, promptWhere, renderedResult } from './ext-helpers';

suite('first steps on the seeded local node', () => {
  suiteSetup(async () => {
    // A node started by an earlier suite may predate the seed setting: start afresh.
    await vscode.commands.executeCommand('evmTracer.stopLocalNode');
  });
  suiteTeardown(() => vscode.commands.executeCommand('evmTracer.stopLocalNode'));

  test('Trace Transaction lists the seeded transactions and traces the one picked', async () => {
    const uri = fixtureUri('ops.tracer.js').toString();
    const running = vscode.commands.executeCommand<ViewState>('evmTracer.traceTransaction', { uri, node: LOCAL_NODE, tracerConfig: null });
    const list = await promptWhere('the latest transactions to be listed', (view) => view.items.length >= 12);
    assert.match(list.title, /^Trace Transaction on Local/);
    const labels = list.items.map((item) => item.label);
    for (const title of [
      'token transfer with a Transfer event',
      'nested CALL → DELEGATECALL → STATICCALL',
      'transfer reverting with a reason',
      'CREATE2 factory deployment',
      'call running out of gas',
    ]) {
      assert.ok(
        labels.some((label) => label.endsWith(title)),
        `${title} in ${labels.join(' | ')}`,
      );
    }
    const nested = list.items.find((item) => item.label.includes('nested CALL'))!;
    assert.match(nested.label, /^\$\(pass\) /);
    assert.match(nested.description ?? '', /^block 9 · 0xf39f…2266 → Router$/);
    const reverted = list.items.find((item) => item.label.includes('reverting'))!;
    assert.match(reverted.description ?? '', /→ ExampleToken · failed$/);
    assert.match(nested.detail ?? '', /^0x[0-9a-f]{64}$/);
    assert.ok(await answer({ pick: 'nested CALL' }));
    const state = await running;
    assert.equal(state.outcome.status, 'done', describe(state));
    const ops = (JSON.parse((await renderedResult()).resultJson ?? 'null') as { ops: string[] }).ops;
    for (const op of ['CALL', 'DELEGATECALL', 'STATICCALL']) assert.ok(ops.includes(op), `${op} traced`);
  });

  test('a hash the local node does not know is explained and not kept among the recent ones', async () => {
    const uri = fixtureUri('ops.tracer.js').toString();
    const unknown = '0x' + '12'.repeat(32);
    await assert.rejects(
      Promise.resolve(
        vscode.commands.executeCommand('evmTracer.traceTransaction', { uri, hash: unknown, node: LOCAL_NODE, tracerConfig: null }),
      ),
      /Transaction 0x1212…1212 is not on the local node\. It holds only what it mined since it started \(blocks 0–12\)/,
    );
    const running = vscode.commands.executeCommand('evmTracer.traceTransaction', { uri, node: LOCAL_NODE, tracerConfig: null });
    const list = await promptWhere('the picker', (view) => view.items.length >= 12);
    assert.ok(!list.items.some((item) => item.label === unknown || item.detail === unknown), 'the unknown hash is not offered');
    const recent = list.items.filter((item) => item.description === 'recently traced');
    assert.equal(recent.length, 1, JSON.stringify(recent));
    await answer({ value: '0x12', accept: false });
    assert.match(
      (await promptWhere('the typed hash to be refused', (view) => view.validationMessage !== undefined)).validationMessage ?? '',
      /not a 0x-prefixed 32-byte hash/,
    );
    await answer({ cancel: true });
    assert.equal(await running, undefined);
  });

  test('Trace Call builds the call step by step, with Back, and saves it so the next run asks nothing', async () => {
    const tracer = fixtureUri('builder/builder.tracer.js');
    const saved = fixtureUri('builder/builder.call.json').fsPath;
    assert.ok(!existsSync(saved));
    const running = vscode.commands.executeCommand<ViewState | undefined>('evmTracer.traceCall', {
      uri: tracer.toString(),
      node: LOCAL_NODE,
    });

    const from = await promptWhere('the from step', (view) => view.title.startsWith('Trace Call on') && view.step === 1);
    assert.equal(from.totalSteps, 8);
    assert.equal(from.canGoBack, false);
    assert.match(from.placeholder ?? '', /default: none/);
    const dev0 = from.items[0];
    assert.equal(dev0.label, '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
    assert.match(dev0.description ?? '', /^dev account 0 · \d+(\.\d+)? AVAX$/);
    await answer({ pick: dev0.label });

    const to = await promptWhere('the to step', (view) => view.step === 2);
    assert.equal(to.canGoBack, true);
    const labels = to.items.map((item) => `${item.label} · ${item.description}`);
    assert.deepEqual(
      to.items.slice(0, 8).map((item) => item.label),
      ['ExampleToken', 'PriceOracle', 'VaultLogic', 'Vault', 'Router', 'Create2Factory', 'GasBurner', 'Child'],
    );
    assert.ok(
      labels.includes('ExampleToken · artifacts/contracts/ExampleToken.sol/ExampleToken.json · its address next'),
      labels.join(' | '),
    );
    // Back to from, and forward again.
    await answer({ back: true });
    await promptWhere('the from step again', (view) => view.step === 1);
    await answer({ pick: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' });
    await promptWhere('the to step again', (view) => view.step === 2);
    // The workspace's Hardhat artifact: its address is asked next, then its ABI offers the functions.
    await answer({ pick: 'artifacts/contracts/ExampleToken.sol' });
    const address = await promptWhere('the artifact address step', (view) => view.step === 3 && view.kind === 'input');
    assert.equal(address.totalSteps, 9);
    const token = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
    await answer({ value: token });

    const data = await promptWhere('the data step', (view) => view.step === 4);
    assert.deepEqual(
      data.items.map((item) => item.label),
      ['balanceOf(address)', 'name()', 'transfer(address to, uint256 value)', 'none'],
    );
    await answer({ value: '0x06fd', accept: false });
    assert.equal((await promptWhere('the typed data offered', (view) => view.items[0]?.label === '0x06fd')).items[0].description, 'typed');
    await answer({ value: '', pick: 'transfer(' });
    const recipient = await promptWhere('the first argument', (view) => view.step === 5);
    assert.equal(recipient.totalSteps, 11);
    assert.equal(recipient.prompt, 'transfer(address to, uint256 value): to (address)');
    await answer({ value: '0x1234', accept: false });
    assert.ok((await promptWhere('a bad address refused', (view) => view.validationMessage !== undefined)).validationMessage);
    const dev2 = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
    await answer({ value: dev2 });
    await promptWhere('the second argument', (view) => view.step === 6);
    await answer({ value: '5' });
    for (const step of [7, 8, 9]) {
      const box = await promptWhere(`step ${step}`, (view) => view.step === step && view.kind === 'input');
      assert.ok(box.placeholder, `step ${step} shows its default`);
      await answer({ value: '' });
    }
    await promptWhere('the tracerConfig step', (view) => view.step === 10 && /tracerConfig/.test(view.prompt ?? ''));
    await answer({ value: '{"tag": "built"}' });
    const save = await promptWhere('the save step', (view) => view.step === 11);
    assert.equal(save.totalSteps, 11);
    await answer({ pick: 'Save as builder.call.json and builder.config.json' });

    const state = await running;
    assert.equal(state?.outcome.status, 'done', state && describe(state));
    const word = (hex: string) => hex.replace(/^0x/, '').padStart(64, '0');
    const input = '0xa9059cbb' + word(dev2) + word('5');
    // dev account 1 holds 250 tokens from the seed: the transfer succeeds, and makes no inner call.
    const expected = { tag: 'built', type: 'CALL', from: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', to: token, input, calls: [] };
    assert.deepEqual(JSON.parse((await renderedResult()).resultJson ?? 'null'), expected);
    assert.deepEqual(JSON.parse(readFileSync(saved, 'utf8')), { from: expected.from, to: token, data: input });
    assert.deepEqual(JSON.parse(readFileSync(fixtureUri('builder/builder.config.json').fsPath, 'utf8')), { tag: 'built' });

    // The next run reads both files and asks nothing.
    const again = await vscode.commands.executeCommand<ViewState>('evmTracer.traceCall', { uri: tracer.toString(), node: LOCAL_NODE });
    assert.equal(again.outcome.status, 'done', describe(again));
    assert.deepEqual(JSON.parse(again.outcome.status === 'done' ? again.outcome.json : 'null'), expected);
  });

  test('Send Transaction sends from a dev account to a seeded contract; the hash traces at once', async () => {
    const running = vscode.commands.executeCommand<{ hash: string; status: string; block: string } | undefined>(
      'evmTracer.sendTransaction',
    );
    const from = await promptWhere('the sender step', (view) => view.title.startsWith('Send Transaction') && view.step === 1);
    assert.equal(from.totalSteps, 5);
    assert.ok(!from.items.some((item) => item.label === 'none'), 'only accounts the node signs for');
    assert.match(from.items[1].description ?? '', /^dev account 1 · \d+(\.\d+)? AVAX$/);
    await answer({ pick: from.items[0].label });
    await promptWhere('the to step', (view) => view.step === 2);
    await answer({ pick: 'ExampleToken' });
    await promptWhere('the data step', (view) => view.step === 3);
    // transfer(dev account 1, 7): selector, address word, amount word.
    const word = (hex: string) => hex.replace(/^0x/, '').padStart(64, '0');
    await answer({ value: '0xa9059cbb' + word('0x70997970c51812dc3a010c7d01b50e0d17dc79c8') + word('7') });
    for (const step of [4, 5]) {
      await promptWhere(`step ${step}`, (view) => view.step === step);
      await answer({ value: '' });
    }
    const sent = await running;
    assert.equal(sent?.status, 'success');
    // Newest first in Trace Transaction, named from the seeded ABI.
    const tracing = vscode.commands.executeCommand<ViewState>('evmTracer.traceTransaction', {
      uri: fixtureUri('ops.tracer.js').toString(),
      node: LOCAL_NODE,
      tracerConfig: null,
    });
    const list = await promptWhere('the sent transaction listed', (view) => view.items.some((item) => item.detail === sent!.hash));
    const newest = list.items.find((item) => item.detail !== undefined)!;
    assert.equal(newest.detail, sent!.hash);
    assert.equal(newest.label, '$(pass) transfer(address,uint256)');
    assert.match(newest.description ?? '', new RegExp(`^block ${sent!.block} · 0xf39f…2266 → ExampleToken$`));
    await answer({ pick: 'transfer(address,uint256)' });
    const traced = await tracing;
    assert.equal(traced.outcome.status, 'done', describe(traced));
    assert.ok((JSON.parse((await renderedResult()).resultJson ?? 'null') as { ops: string[] }).ops.includes('LOG3'), 'the Transfer event');
  });

  test('Deploy Contract deploys a workspace artifact with its constructor arguments', async () => {
    const running = vscode.commands.executeCommand<{ hash: string; status: string; contractAddress?: string } | undefined>(
      'evmTracer.deployContract',
    );
    const artifact = await promptWhere('the artifact step', (view) => view.title.startsWith('Deploy Contract') && view.step === 1);
    assert.deepEqual(
      artifact.items.map((item) => `${item.label} · ${item.description}`),
      ['deploy ExampleToken · artifacts/contracts/ExampleToken.sol/ExampleToken.json · constructor(uint256)'],
    );
    await answer({ pick: 'deploy ExampleToken' });
    const supply = await promptWhere('the constructor argument', (view) => view.step === 2);
    assert.equal(supply.prompt, 'ExampleToken constructor: supply (uint256)');
    assert.equal(supply.totalSteps, 5);
    await answer({ value: '1000' });
    await promptWhere('the sender', (view) => view.step === 3);
    await answer({ pick: 'dev account 3' });
    for (const step of [4, 5]) {
      await promptWhere(`step ${step}`, (view) => view.step === step);
      await answer({ value: '' });
    }
    const deployed = await running;
    assert.equal(deployed?.status, 'success');
    // dev account 3 (0x90f7…b906) deploys with nonce 0.
    assert.equal(deployed?.contractAddress, '0x057ef64e23666f000b34ae31332854acbd1c8544');
  });
});
