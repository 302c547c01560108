// Trace Block by number, `latest` and from its picker of recent blocks (Debug Trace Block by number), and
// Trace Block Range… on the built-in local node after a few transactions: the range view lists the
// transactions the CLI's `trace range` writes for the same blocks, filters, sorts and opens a row in the
// result panel, sums a counting tracer's results into the bar chart; a run cancelled mid-way leaves a folder
// that the same command resumes.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { suite, suiteSetup, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { RangeRendered } from '../../../client/webview/range-messages';
import type { ViewState } from '../../../client/webview/messages';
import { waitFor } from '../lib/workspace';
import { answerPrompt, describe, extensionPath, fixtureUri, LOCAL_NODE, promptWhere, renderedResult, testHook } from './ext-helpers';
import { call, waitForReceipt } from '../../runtime/node-helpers';

interface RangeOutcome {
  folder: string;
  stopped: boolean;
  chunks: string[];
}

interface Line {
  blockNumber: number;
  txIndex: number;
  txHash: string;
  result?: unknown;
  error?: string;
}

/** The lines of a range folder's chunk files, in block order. */
function folderLines(folder: string): Line[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .flatMap((name) => readFileSync(join(folder, name), 'utf8').split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as Line);
}

const rowKey = (row: string) => row.split(' ').slice(0, 4).join(' ');
const lineKey = (line: Line) => `${line.blockNumber} ${line.txIndex} ${line.txHash} ${line.error === undefined ? 'ok' : 'error'}`;

suite('Trace Block by number and Trace Block Range on the local node', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'evm-tracer-range-'));
  let url = '';
  /** The three transactions sent, each mined in its own block. */
  const sent: Array<{ hash: string; block: number }> = [];
  const ops = fixtureUri('ops.tracer.js').toString();
  const expectedOps = { ops: ['PUSH1', 'PUSH1', 'MSTORE', 'STOP'] };

  suiteSetup(async () => {
    url = await vscode.commands.executeCommand<string>('evmTracer.startLocalNode');
    const [from] = await call<string[]>(url, 'eth_accounts');
    for (let i = 0; i < 3; i++) {
      const hash = await call<string>(url, 'eth_sendTransaction', [{ from, data: '0x600160005200', gas: '0x30d40' }]);
      sent.push({ hash, block: Number((await waitForReceipt(url, hash)).blockNumber) });
    }
  });

  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('evmTracer').update('traceTimeout', undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand('evmTracer.stopLocalNode');
    rmSync(scratch, { recursive: true, force: true });
  });

  test('Trace Block (and Debug Trace Block) takes latest, a number, and a block from its list of recent blocks', async () => {
    const traceBlock = (block?: string) =>
      vscode.commands.executeCommand<ViewState>('evmTracer.traceBlock', { uri: ops, block, node: LOCAL_NODE, tracerConfig: null });
    const latest = await traceBlock('latest');
    assert.equal(latest.outcome.status, 'done', describe(latest));
    assert.equal(latest.request.method, 'debug_traceBlockByNumber');
    assert.deepEqual(JSON.parse((await renderedResult()).resultJson ?? 'null'), [{ txHash: sent[2].hash, result: expectedOps }]);

    const byNumber = await traceBlock(String(sent[0].block));
    assert.equal(byNumber.outcome.status, 'done', describe(byNumber));
    assert.deepEqual(JSON.parse(byNumber.outcome.status === 'done' ? byNumber.outcome.json : 'null'), [
      { txHash: sent[0].hash, result: expectedOps },
    ]);

    // Debug Trace Block takes the same: a debug run of the block by number, to its result (no breakpoint set).
    const debugged = await vscode.commands.executeCommand<ViewState>('evmTracer.debugTraceBlock', {
      uri: ops,
      block: String(sent[0].block),
      node: LOCAL_NODE,
      tracerConfig: null,
    });
    assert.equal(debugged.outcome.status, 'done', describe(debugged));
    assert.equal(debugged.request.method, 'debug_traceBlockByNumber');
    assert.deepEqual(JSON.parse(debugged.outcome.status === 'done' ? debugged.outcome.json : 'null'), [
      { txHash: sent[0].hash, result: expectedOps },
    ]);

    const picked = traceBlock();
    const label = `block ${sent[1].block}`;
    const prompt = await promptWhere('the recent blocks', (view) => view.items.some((item) => item.label.endsWith(label)));
    assert.ok(
      prompt.items.some((item) => item.label.includes('latest')),
      JSON.stringify(prompt.items),
    );
    await answerPrompt({ pick: label });
    const fromList = await picked;
    assert.equal(fromList.outcome.status, 'done', describe(fromList));
    assert.deepEqual(JSON.parse(fromList.outcome.status === 'done' ? fromList.outcome.json : 'null'), [
      { txHash: sent[1].hash, result: expectedOps },
    ]);
  });

  test('Trace Block Range lists what the CLI writes for the range, opens a row, and sums counters into the chart', async () => {
    const range = `${sent[0].block}..${sent[2].block}`;
    const out = join(scratch, 'counts');
    const outcome = await vscode.commands.executeCommand<RangeOutcome>('evmTracer.traceBlockRange', {
      uri: fixtureUri('count-ops.tracer.js').toString(),
      node: LOCAL_NODE,
      range,
      tracerConfig: null,
      out,
      chunkSize: 2,
    });
    assert.deepEqual(outcome, { folder: out, stopped: false, chunks: ['done', 'done'] });

    const cliOut = join(scratch, 'cli');
    const cli = join(extensionPath(), 'dist/cli.js');
    const tracer = fixtureUri('count-ops.tracer.js').fsPath;
    await promisify(execFile)(process.execPath, [
      cli,
      'trace',
      'range',
      range,
      '--node',
      url,
      '--on',
      'node',
      '--tracer',
      tracer,
      '--out',
      cliOut,
    ]);
    const lines = folderLines(cliOut);
    assert.equal(lines.length, 3, JSON.stringify(lines));

    const view = await testHook<RangeRendered>('lastRangeView');
    assert.deepEqual(view.rows.map(rowKey), lines.map(lineKey));
    const sums: Record<string, number> = {};
    for (const line of lines)
      for (const [op, count] of Object.entries(line.result as Record<string, number>)) sums[op] = (sums[op] ?? 0) + count;
    assert.deepEqual(
      view.bars?.slice().sort(),
      Object.entries(sums)
        .map(([op, count]) => `${op} ${count}`)
        .sort(),
    );

    const filtered = await testHook<RangeRendered>('lastRangeView', { ui: { filter: sent[1].hash } });
    assert.deepEqual(filtered.rows.map(rowKey), [lineKey(lines[1])]);
    const sorted = await testHook<RangeRendered>('lastRangeView', { ui: { filter: '', sort: { key: 'block', descending: true } } });
    assert.deepEqual(sorted.rows.map(rowKey), lines.map(lineKey).reverse());

    // The first row listed (sorted newest first): the last transaction, in the tracer's result panel.
    await testHook<RangeRendered>('lastRangeView', { open: 0 });
    const shown = await waitFor('the row in the result panel', async () => {
      const content = await renderedResult();
      return content.header.some((line) => line.includes(sent[2].hash)) ? content : undefined;
    });
    assert.deepEqual(JSON.parse(shown.resultJson ?? 'null'), lines[2].result);
  });

  test('a cancelled Trace Block Range leaves a folder that the same command resumes', async () => {
    const out = join(scratch, 'stalled');
    const args = {
      uri: fixtureUri('stall.tracer.js').toString(),
      node: LOCAL_NODE,
      range: `${sent[0].block}..${sent[2].block}`,
      // The second block's transaction never ends: the run is under way there when it is cancelled.
      tracerConfig: JSON.stringify({ stall: sent[1].block }),
      out,
      chunkSize: 1,
    };
    const running = vscode.commands.executeCommand<RangeOutcome>('evmTracer.traceBlockRange', args);
    const manifestPath = join(out, 'manifest.json');
    await waitFor('the first chunk to be done', () => {
      if (!existsSync(manifestPath)) return undefined;
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { chunks: Array<{ state: string }> };
      return manifest.chunks[0]?.state === 'done';
    });
    const firstChunk = readdirSync(out).filter((name) => name.endsWith('.jsonl'));
    assert.equal(firstChunk.length, 1, readdirSync(out).join(', '));
    const firstText = readFileSync(join(out, firstChunk[0]), 'utf8');
    assert.ok((await vscode.commands.executeCommand<number>('evmTracer.cancelTraces')) >= 1);
    assert.deepEqual(await running, { folder: out, stopped: true, chunks: ['done', 'pending', 'pending'] });
    assert.deepEqual(
      readdirSync(out).filter((name) => !name.startsWith('.')),
      [firstChunk[0], 'manifest.json'].sort(),
    );

    // Again, the stalled transaction now ended by a short time-out (not part of what makes the run the same).
    await vscode.workspace.getConfiguration('evmTracer').update('traceTimeout', 3, vscode.ConfigurationTarget.Workspace);
    const resumed = await vscode.commands.executeCommand<RangeOutcome>('evmTracer.traceBlockRange', args);
    assert.deepEqual(resumed, { folder: out, stopped: false, chunks: ['done', 'done', 'done'] });
    assert.equal(readFileSync(join(out, firstChunk[0]), 'utf8'), firstText);
    const lines = folderLines(out);
    assert.deepEqual(
      lines.map((line) => [line.txHash, line.error === undefined ? 'ok' : 'error']),
      sent.map((tx, index) => [tx.hash, index === 1 ? 'error' : 'ok']),
    );
    assert.match(lines[1].error ?? '', /execution timeout/);
    const view = await testHook<RangeRendered>('lastRangeView', { ui: { sort: { key: 'block', descending: false } } });
    assert.deepEqual(view.rows.map(rowKey), lines.map(lineKey));
    // {steps: N} is a counter: the sum leaves the error out.
    const steps = lines.reduce((sum, line) => sum + ((line.result as { steps?: number } | undefined)?.steps ?? 0), 0);
    assert.deepEqual(view.bars, [`steps ${steps}`]);
  });

  test('Trace Block Range asks for the node, the range (checked as typed), the config and the folder', async () => {
    const running = vscode.commands.executeCommand<RangeOutcome>('evmTracer.traceBlockRange', {
      uri: fixtureUri('count-ops.tracer.js').toString(),
    });
    const nodes = await promptWhere('the node step', (view) => view.kind === 'pick' && view.title === 'Trace Block Range');
    assert.deepEqual([nodes.step, nodes.totalSteps], [1, 4]);
    await answerPrompt({ pick: LOCAL_NODE });
    await promptWhere('the range step', (view) => view.kind === 'input' && view.step === 2);
    await answerPrompt({ value: `${sent[1].block}..x`, accept: false });
    const refused = await promptWhere('the range refused', (view) => view.validationMessage !== undefined);
    assert.match(refused.validationMessage ?? '', /^TO 'x' is not a block number, latest or latest-N/);
    await answerPrompt({ value: `${sent[1].block}..${sent[2].block}` });
    const configStep = await promptWhere('the config step', (view) => view.kind === 'input' && view.step === 3);
    assert.match(configStep.prompt ?? '', /^tracerConfig of count-ops:/);
    await answerPrompt({ value: '' });
    const folderStep = await promptWhere('the folder step', (view) => view.kind === 'input' && view.step === 4);
    const inWorkspace = (path: string) => fixtureUri(path).fsPath;
    assert.equal(folderStep.value, inWorkspace(`range-runs/count-ops-${sent[1].block}-to-${sent[2].block}`));
    await answerPrompt({ value: 'range-runs/typed' });
    assert.deepEqual(await running, { folder: inWorkspace('range-runs/typed'), stopped: false, chunks: ['done'] });
    const view = await testHook<RangeRendered>('lastRangeView');
    assert.deepEqual(
      view.rows.map((row) => row.split(' ')[2]),
      [sent[1].hash, sent[2].hash],
    );
  });
});
