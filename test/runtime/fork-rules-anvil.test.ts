// Fork mode runs each upstream block by the upstream's own rules, found without flags: anvil at every
// hardfork from London to Prague is the upstream (it says which in anvil_nodeInfo). The probe contract's
// transactions (refunds, calldata, the block context, Shanghai's and Cancun's opcodes, Osaka's CLZ) traced by
// the fork use the gas of anvil's own receipts, and their struct logs are anvil's own but for anvil's known
// departures from geth (docs/differences-from-geth.md): the refund counter on an SSTORE before its own change, and an invalid
// opcode's step marked with its cost and a Rust error name. anvil's names of the earlier forks (Frontier,
// Tangerine, Dao) give those forks' rules; anvil's own execution before Berlin does not follow them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createCustomCommon, Hardfork, Mainnet } from '@ethereumjs/common';
import { createLegacyTx } from '@ethereumjs/tx';
import { bytesToHex, hexToBytes, privateToAddress } from '@ethereumjs/util';
import { anvilAvailable, startAnvil } from '../support/nodes/anvil';
import { probeInitcode, probeTransactions } from '../support/chain-probe';
import {
  call,
  spawnNodeWithOutput,
  startNode,
  waitForReceipt,
  type MinedReceipt,
  type StructLog,
  type StructLogResult,
} from './node-helpers';

const hardforks = ['london', 'arrowGlacier', 'grayGlacier', 'paris', 'shanghai', 'cancun', 'prague'];
const after = (hardfork: string, fork: string) => hardforks.indexOf(hardfork) >= hardforks.indexOf(fork);

const sentCases = ['refund', 'context', 'cancun', 'clz', 'zeros'];

/** anvil's struct log as geth (and this runtime) writes it, undoing anvil's documented departures. */
function asGeth(anvil: StructLogResult): StructLog[] {
  return anvil.structLogs.map((entry, i) => {
    const { refund, error, ...rest } = entry;
    const geth: StructLog = { ...rest };
    // geth shows the counter after an SSTORE's own change (its gas function makes it), which anvil shows on
    // the next step.
    const counter = entry.op === 'SSTORE' ? (anvil.structLogs[i + 1]?.refund ?? refund) : refund;
    if (counter) geth.refund = counter;
    // geth leaves the failing undefined opcode's step as it was before it ran: cost 0, no error.
    if (error === 'Some(NotActivated)' && i === anvil.structLogs.length - 1) geth.gasCost = 0;
    else if (error !== undefined) geth.error = error;
    return geth;
  });
}

describe(
  'fork mode with anvil at each hardfork from London to Prague as the upstream',
  { skip: anvilAvailable() ? false : 'anvil binary not installed (test/setup/nodes.mjs installs it)' },
  () => {
    for (const hardfork of hardforks) {
      test(`${hardfork}: the fork finds anvil's hardfork; gas and struct logs are anvil's`, { timeout: 120_000 }, async () => {
        const anvil = await startAnvil({ args: ['--hardfork', hardfork.toLowerCase(), '--steps-tracing'] });
        let node: Awaited<ReturnType<typeof startNode>> | undefined;
        try {
          const [from] = await call<string[]>(anvil.url, 'eth_accounts');
          const send = async (tx: object) => {
            const hash = await call<string>(anvil.url, 'eth_sendTransaction', [{ from, gas: '0x7a120', ...tx }]);
            return {
              hash,
              receipt: (await waitForReceipt(anvil.url, hash)) as { status: string; gasUsed?: string; contractAddress: string | null },
            };
          };
          const probe = (await send({ data: probeInitcode })).receipt.contractAddress!;
          const sent: Record<string, Awaited<ReturnType<typeof send>>> = {};
          const transactions = probeTransactions(probe);
          for (const name of sentCases) sent[name] = await send(transactions[name]);
          const fork = await startNode(['--fork', anvil.url]);
          node = fork;
          const gasTracer = '{step: function() {}, fault: function() {}, result: function(ctx) { return ctx.gasUsed; }}';
          for (const [name, { hash, receipt }] of Object.entries(sent)) {
            const gasUsed = Number(receipt.gasUsed);
            const calls = await call<{ gasUsed: string }>(fork.url, 'debug_traceTransaction', [hash, { tracer: 'callTracer' }]);
            assert.equal(Number(calls.gasUsed), gasUsed, `${name}: callTracer gasUsed`);
            assert.equal(await call(fork.url, 'debug_traceTransaction', [hash, { tracer: gasTracer }]), gasUsed, `${name}: ctx.gasUsed`);
            const [ours, theirs] = await Promise.all(
              [fork.url, anvil.url].map((url) => call<StructLogResult>(url, 'debug_traceTransaction', [hash])),
            );
            assert.deepEqual({ gas: ours.gas, failed: ours.failed }, { gas: theirs.gas, failed: theirs.failed }, name);
            assert.deepEqual(ours.structLogs, asGeth(theirs), `${name}: struct log`);
          }
          // The rules of the fork, as the receipts show them.
          assert.equal(
            Number(sent.zeros.receipt.gasUsed),
            after(hardfork, 'prague') ? 31_000 : 25_000,
            "EIP-7623's floor from Prague only",
          );
          assert.equal(Number(sent.refund.receipt.gasUsed), 48_269 - Math.floor(48_269 / 5), "EIP-3529's refund cap");
          assert.equal(sent.cancun.receipt.status, after(hardfork, 'cancun') ? '0x1' : '0x0', 'TSTORE from Cancun');
          assert.equal(sent.clz.receipt.status, '0x0', 'no CLZ before Osaka');
        } finally {
          await node?.stop();
          await anvil.stop();
        }
      });
    }
  },
);

describe(
  "fork mode with anvil at Frontier, Tangerine and Dao as the upstream: anvil's names give geth's rules of those forks",
  { skip: anvilAvailable() ? false : 'anvil binary not installed (test/setup/nodes.mjs installs it)' },
  () => {
    const cases = [
      ['frontier', 'Frontier', []],
      ['tangerine', 'Tangerine', ['homesteadBlock', 'eip150Block']],
      ['dao', 'Dao', ['homesteadBlock']],
    ] as const;
    for (const [hardfork, name, forks] of cases) {
      test(`${name}: the fork starts with its rules`, { timeout: 120_000 }, async () => {
        const anvil = await startAnvil({ args: ['--hardfork', hardfork] });
        let node: Awaited<ReturnType<typeof spawnNodeWithOutput>> | undefined;
        try {
          node = await spawnNodeWithOutput(['--fork', anvil.url]);
          assert.match(
            node.output(),
            new RegExp(`^fork: the upstream's rules come from the upstream's anvil_nodeInfo \\(hardfork ${name}\\)$`, 'm'),
          );
          const config = await call<Record<string, unknown>>(node.url, 'debug_chainConfig');
          assert.deepEqual(
            Object.keys(config).filter((key) => /(Block|Time)$/.test(key)),
            [...forks],
          );
        } finally {
          await node?.stop();
          await anvil.stop();
        }
      });
    }

    test(
      "anvil's own execution before Berlin does not follow the fork: at Frontier it charges SSTORE otherwise than geth does",
      { timeout: 120_000 },
      async () => {
        const anvil = await startAnvil({ args: ['--hardfork', 'frontier'] });
        let node: Awaited<ReturnType<typeof startNode>> | undefined;
        try {
          // Frontier has no EIP-155: the transactions are signed without a chain id (anvil signs with one).
          const key = hexToBytes(`0x${'5a'.repeat(32)}`);
          const sender = bytesToHex(privateToAddress(key));
          await call(anvil.url, 'anvil_setBalance', [sender, '0xde0b6b3a7640000']);
          const common = createCustomCommon({ chainId: 43114 }, Mainnet, { hardfork: Hardfork.Chainstart });
          let nonce = 0n;
          const send = async (fields: { to?: `0x${string}`; data?: `0x${string}` }) => {
            const tx = createLegacyTx({ nonce: nonce++, gasLimit: 0x100000n, gasPrice: 0x77359400n, ...fields }, { common }).sign(key);
            const hash = await call<string>(anvil.url, 'eth_sendRawTransaction', [bytesToHex(tx.serialize())]);
            return { hash, receipt: (await waitForReceipt(anvil.url, hash)) as MinedReceipt & { gasUsed: string } };
          };
          // PUSH1 5 PUSH1 0 SSTORE PUSH1 0 PUSH1 0 SSTORE STOP: stores a slot and clears it.
          const contract = (await send({ data: '0x6a6005600055600060005500600052600b6015f3' })).receipt.contractAddress as `0x${string}`;
          const { hash, receipt } = await send({ to: contract });
          node = await startNode(['--fork', anvil.url]);
          const gasUsed = '{fault: function() {}, result: function(ctx) { return ctx.gasUsed; }}';
          // geth at Frontier: 21,000 + 20,000 + 5,000 + 12, less the 15,000 refund; anvil charges 2,900 for the
          // second SSTORE and refunds 4,800.
          assert.deepEqual(
            [Number(receipt.gasUsed), await call(node.url, 'debug_traceTransaction', [hash, { tracer: gasUsed }])],
            [39_112, 31_012],
          );
        } finally {
          await node?.stop();
          await anvil.stop();
        }
      },
    );
  },
);
