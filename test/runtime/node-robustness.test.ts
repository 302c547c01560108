// The node under hostile tracers and load: a tracer stuck in a loop is stopped at its timeout, one that
// allocates without bound hits the memory limit, one that throws in any hook fails only its own request,
// and 100 concurrent traces are each answered correctly; the node keeps serving throughout.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LocalNode } from '../../core/local-node-launcher';
import { call, rpc, startNode, storeAndLogRuntime, word } from './node-helpers';

const echo = '0x' + 'e0'.repeat(20);
/** CALLs address 0x…01 (identity precompile) so enter/exit fire, then stops. */
const caller = '0x' + 'ca'.repeat(20);
const callerCode = '0x600060006000600060006001' + '5a' + 'f1' + '00';
const invalid = '0x' + 'fe'.repeat(20);
const overrides = { [echo]: { code: storeAndLogRuntime }, [caller]: { code: callerCode }, [invalid]: { code: '0xfe' } };

function traceCall(node: LocalNode, to: string, tracer: string, extra: Record<string, unknown> = {}) {
  return rpc(node.url, 'debug_traceCall', [{ to, data: word(1) }, 'latest', { tracer, stateOverrides: overrides, ...extra }]);
}

describe('node robustness', () => {
  let node: LocalNode;
  before(async () => (node = await startNode()));
  after(() => node?.stop());

  test('a tracer looping forever in step is stopped at its timeout with geth text; the node answers next', async () => {
    const stuck = await traceCall(
      node,
      echo,
      '{step: function() { while (true) {} }, fault: function() {}, result: function() { return 1; }}',
      { timeout: '500ms' },
    );
    assert.equal(stuck.error?.code, -32000);
    assert.match(stuck.error!.message, /^execution timeout .*in server-side tracer function 'step'$/);
    const ok = await traceCall(
      node,
      echo,
      '{step: function() {}, fault: function() {}, result: function(ctx) { return [toHex(ctx.output) + ""]; }}',
    );
    assert.deepEqual(ok.result, [word(1)]);
  });

  test('a tracer allocating without bound is stopped by the memory limit; the node answers next', async () => {
    const hog = await traceCall(
      node,
      echo,
      '{a: [], step: function() { for (;;) { this.a.push(new Array(1000000).fill(this.a.length)); } }, fault: function() {}, result: function() { return 1; }}',
      { timeout: '90s' },
    );
    assert.equal(hog.error?.code, -32000);
    assert.match(hog.error!.message, /memory/);
    assert.equal(await call(node.url, 'eth_chainId'), '0xa868');
  });

  test('a tracer throwing in each hook fails that request only, naming the hook', async () => {
    const cases: Array<[hook: string, to: string]> = [
      ['setup', echo],
      ['step', echo],
      ['enter', caller],
      ['exit', caller],
      ['fault', invalid],
      ['result', echo],
    ];
    for (const [hook, to] of cases) {
      const hooks = ['setup', 'step', 'enter', 'exit', 'fault', 'result']
        .map(
          (name) => `${name}: function() { ${name === hook ? `throw new Error("boom-${name}");` : name === 'result' ? 'return 1;' : ''} }`,
        )
        .join(', ');
      const reply = await traceCall(node, to, `{${hooks}}`);
      assert.equal(reply.error?.code, -32000, `${hook}: ${JSON.stringify(reply)}`);
      assert.match(reply.error!.message, new RegExp(`boom-${hook}`), hook);
      if (hook !== 'setup') assert.match(reply.error!.message, new RegExp(`in server-side tracer function '${hook}'$`), hook);
    }
    assert.equal(await call(node.url, 'eth_blockNumber'), '0x0');
  });

  test('100 concurrent trace requests are each answered with their own result', async () => {
    const tracer =
      '{n: 0, step: function() { this.n++; }, fault: function() {}, result: function(ctx) { return [toHex(ctx.output) + "", this.n]; }}';
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        rpc(node.url, 'debug_traceCall', [{ to: echo, data: word(i) }, 'latest', { tracer, stateOverrides: overrides }]),
      ),
    );
    replies.forEach((reply, i) => assert.deepEqual(reply.result, [word(i), 13], `request ${i}: ${JSON.stringify(reply.error)}`));
    assert.equal(await call(node.url, 'eth_chainId'), '0xa868');
  });
});
