// The target a node's traces reproduce, without avalanchego (test/reference/coreth-target.test.ts compares
// with avalanchego itself; the values below are its answers): a C-Chain dev node picks coreth and names it,
// a plain dev chain geth; `--target` and a trace config's `target` choose; coreth's tracer API and texts.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import type { LocalNode } from '../../core/local-node-launcher';
import { assemble } from '../differential/asm';
import { call, rpc, startNode } from './node-helpers';

/** Init code deploying `runtime`. */
function deployment(runtime: string): string {
  const size = BigInt((runtime.length - 2) / 2);
  return assemble([size, { ref: 'body' }, 0n, 'CODECOPY', size, 0n, 'RETURN'], [{ label: 'body', hex: runtime.slice(2) }]);
}

async function deploy(url: string, runtime: string): Promise<string> {
  const [from] = await call<string[]>(url, 'eth_accounts');
  const hash = await call<string>(url, 'eth_sendTransaction', [{ from, gas: '0x7a120', data: deployment(runtime) }]);
  return (await call<{ contractAddress: string }>(url, 'eth_getTransactionReceipt', [hash])).contractAddress;
}

/** The SSTORE step and the fault of a STATICCALL into a contract that writes, the top frame's type of ctx.coinbase. */
const staticWrite = `{ r: [],
  step: function (log) { if (log.op.toString() == 'SSTORE') this.r.push(['step', log.getCost(), '' + log.getError()]); },
  fault: function (log) { this.r.push(['fault', log.op.toString(), '' + log.getError()]); },
  enter: function () {}, exit: function (f) { this.r.push(['exit', '' + f.getError()]); },
  result: function (ctx) { return { r: this.r, coinbase: typeof ctx.coinbase }; } }`;

describe('the target: geth or coreth, chosen by the chain, --target or a trace config', () => {
  let cChain: LocalNode;
  let caller: string;
  before(async () => {
    cChain = await startNode(['--chain', 'avalanche-local']);
    const writer = await deploy(cChain.url, assemble([1n, 0n, 'SSTORE', 'STOP']));
    caller = await deploy(cChain.url, assemble([0n, 0n, 0n, 0n, BigInt(writer), 'GAS', 'STATICCALL', 'POP', 'STOP']));
  });
  after(() => cChain?.stop());

  const traceCall = (config: Record<string, unknown>) =>
    call(cChain.url, 'debug_traceCall', [{ to: caller, gas: '0x186a0' }, 'latest', config]);

  test("a C-Chain dev node runs coreth's tracers and says so; a plain dev chain runs geth's; --target chooses", async () => {
    assert.deepEqual(await call(cChain.url, 'evmtracer_target'), {
      target: 'coreth',
      client: 'coreth v0.16 of avalanchego v1.14.0 (libevm, geth v1.13 tracers)',
    });
    for (const [args, target] of [
      [[], 'geth'],
      [['--chain', 'avalanche-local', '--target', 'geth'], 'geth'],
      [['--target', 'coreth'], 'coreth'],
    ] as const) {
      const node = await startNode([...args]);
      try {
        assert.equal((await call<{ target: string }>(node.url, 'evmtracer_target')).target, target, args.join(' '));
      } finally {
        await node.stop();
      }
    }
    const refused = spawnSync(process.execPath, ['dist/cli.js', 'node', '--target', 'besu'], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /--target must be geth or coreth \(got 'besu'\)/);
  });

  test("an SSTORE in a static frame: coreth's step costs its gas (22,100: a cold slot set) and faults; geth's refuses it in its gas", async () => {
    assert.deepEqual(await traceCall({ tracer: staticWrite }), {
      r: [
        ['step', 22100, 'undefined'],
        ['fault', 'SSTORE', 'write protection'],
        ['exit', 'write protection'],
      ],
      coinbase: 'undefined',
    });
    assert.deepEqual(await traceCall({ tracer: staticWrite, target: 'geth' }), {
      r: [
        ['step', 0, 'out of gas: write protection'],
        ['exit', 'out of gas: write protection'],
      ],
      coinbase: 'object',
    });
    const bad = await rpc(cChain.url, 'debug_traceCall', [{ to: caller }, 'latest', { target: 'besu' }]);
    assert.equal(bad.error?.message, 'invalid argument 2: "target" must be one of "geth", "coreth"');
  });

  test("the built-in tracers are geth v1.13's on coreth: the struct logger's words without 0x, prestate without codeHash", async () => {
    const logs = (await traceCall({ enableMemory: true })) as {
      returnValue: string;
      structLogs: Array<{ memory?: string[]; storage?: object }>;
    };
    assert.equal(logs.returnValue, '');
    assert.deepEqual(logs.structLogs[0].memory, []);
    assert.deepEqual(logs.structLogs.find((entry) => entry.storage)?.storage, {
      '0000000000000000000000000000000000000000000000000000000000000000':
        '0000000000000000000000000000000000000000000000000000000000000001',
    });
    const prestate = (await traceCall({ tracer: 'prestateTracer' })) as Record<string, { codeHash?: string }>;
    assert.ok(Object.values(prestate).every((account) => account.codeHash === undefined));
    const geth = (await traceCall({ tracer: 'prestateTracer', target: 'geth' })) as Record<string, { codeHash?: string }>;
    assert.ok(Object.values(geth).some((account) => account.codeHash !== undefined));
  });
});
