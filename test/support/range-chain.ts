// A real chain of many blocks of mixed transactions for `trace range` to be checked and measured on, built on
// a running node (geth --dev, avalanchego's C-Chain) by a key the test holds: the call tree of
// call-contracts.ts (every frame kind, CREATE2, SELFDESTRUCT), the chain probe's cases, three programs of the
// differential's generators deployed and called with random data, value and gas, more of its programs run as
// init code (CREATE and CREATE2 inside, reverts, out of gas at every stage), transfers, and where the node
// takes them set-code (EIP-7702) transactions delegating an account the programs call. Legacy, access-list,
// EIP-1559 and set-code transactions alike. Built as fast as the node mines: the transactions go out in
// batches (one JSON-RPC batch each, nonces counted here), so blocks hold one to several of them.
import { createCustomCommon, Hardfork, Mainnet } from '@ethereumjs/common';
import { createAccessList2930Tx, createEOACode7702Tx, createFeeMarket1559Tx, createLegacyTx } from '@ethereumjs/tx';
import {
  bytesToHex,
  createAddressFromString,
  eoaCode7702SignAuthorization,
  generateAddress,
  hexToBytes,
  privateToAddress,
  type PrefixedHexString,
} from '@ethereumjs/util';
import { randomCase, type Fork } from '../differential/cases';
import { contractAddresses, contractCode, delegatedAccount, plainAccount, type Snippet } from '../differential/programs';
import { Random } from '../differential/random';
import { call, waitForReceipt } from '../runtime/node-helpers';
import { callContracts, deployer, selector } from './call-contracts';
import { probeInitcode, probeTransactions } from './chain-probe';
import type { Signer } from './reference/signed-tx';

export interface RangeChainOptions {
  /** The least number of blocks the chain must have. */
  blocks: number;
  /** The fork the programs are generated for (the node's). */
  fork: Fork;
  /** Whether the node takes set-code (type 4) transactions. */
  setCode: boolean;
  seed: number;
  /** Most transactions per batch. */
  batch?: number;
}

interface Payload {
  to?: string;
  data: string;
  value: bigint;
  /** Gas beyond the intrinsic gas: 0 runs out at once. */
  extraGas: bigint;
  type: 'legacy' | 'accessList' | 'dynamicFee' | 'setCode';
  accessList?: Array<{ address: string; storageKeys: string[] }>;
  /** Signed authorizations (set-code transactions). */
  authorizations?: ReturnType<typeof eoaCode7702SignAuthorization>[];
}

/** The account set-code transactions delegate: a key the test holds, which never sends a transaction. */
const authorityKey = hexToBytes(`0x${'a7'.repeat(32)}`);
const authority = bytesToHex(privateToAddress(authorityKey));

const addressAt = (sender: string, nonce: number) =>
  bytesToHex(generateAddress(createAddressFromString(sender).bytes, new Uint8Array(nonce === 0 ? [] : [nonce])));

/** Snippets with the generators' fixed addresses moved to where the programs are deployed on this chain. */
function relocated(snippets: Snippet[], moves: Map<bigint, bigint>): Snippet[] {
  return snippets.map((s) => ({ ...s, items: s.items.map((item) => (typeof item === 'bigint' ? (moves.get(item) ?? item) : item)) }));
}

/** EIP-2028 calldata, EIP-3860 init code words, EIP-2930 lists, EIP-7702 authorizations, EIP-7623's floor. */
function intrinsicGas(payload: Payload): bigint {
  const bytes = hexToBytes(payload.data as PrefixedHexString);
  const zeros = bytes.filter((b) => b === 0).length;
  const tokens = BigInt(zeros + 4 * (bytes.length - zeros));
  let gas = 21000n + BigInt(zeros * 4 + (bytes.length - zeros) * 16);
  if (payload.to === undefined) gas += 32000n + 2n * BigInt(Math.ceil(bytes.length / 32));
  for (const entry of payload.accessList ?? []) gas += 2400n + 1900n * BigInt(entry.storageKeys.length);
  gas += 25000n * BigInt(payload.authorizations?.length ?? 0);
  const floor = 21000n + 10n * tokens;
  return gas > floor ? gas : floor;
}

/** Builds the chain; resolves with its head block number. */
export async function buildRangeChain(url: string, signer: Signer, options: RangeChainOptions): Promise<number> {
  const r = new Random(options.seed);
  const chainId = BigInt(await call<string>(url, 'eth_chainId'));
  const common = createCustomCommon({ chainId: Number(chainId) }, Mainnet, { hardfork: Hardfork.Prague });
  const first = Number(await call<string>(url, 'eth_getTransactionCount', [signer.address, 'pending']));
  let nonce = first;
  let authorityNonce = 0n;
  let delegated = false;

  // The call tree's contracts need nonces 0..2 of their deployer: they go first, at the signer's nonces.
  const tree = callContracts(signer.address);
  if (first !== 0) throw new Error(`the chain's signer must start at nonce 0 (it is at ${first})`);
  const programs = [3, 4, 5].map((n) => addressAt(signer.address, n));
  const probe = addressAt(signer.address, 6);
  const moves = new Map<bigint, bigint>(contractAddresses.map((address, i) => [BigInt(address), BigInt(programs[i])]));
  if (options.setCode) moves.set(BigInt(delegatedAccount), BigInt(authority));
  const programOf = (seed: number, index: number) => {
    const contract = randomCase(seed, options.fork).contracts[index];
    return contractCode(relocated(contract.snippets, moves), relocated([contract.end], moves)[0], true);
  };
  const plain = (to: string | undefined, data: string, extraGas = 3_000_000n, value = 0n): Payload => ({
    to,
    data,
    value,
    extraGas,
    type: 'dynamicFee',
  });
  const setup: Payload[] = [
    ...tree.deployments.map((data) => plain(undefined, data)),
    ...[0, 1, 2].map((i) => plain(undefined, deployer(programOf(options.seed + i, i).slice(2)), 3_000_000n, 10n ** 18n)),
    plain(undefined, probeInitcode),
    plain(plainAccount, '0x', 0n, 10n ** 18n),
  ];

  const randomPayload = (): Payload => {
    const kind = r.weighted({
      program: 5,
      create: 3,
      tree: 1,
      reverter: 1,
      probe: 1,
      transfer: 1,
      setCode: options.setCode ? 1 : 0,
      delegated: delegated ? 2 : 0,
    });
    const type = r.weighted({ legacy: 1, accessList: 1, dynamicFee: 2 });
    const extraGas = BigInt(r.pick([0, 2_000, 30_000, 100_000, 300_000, 1_000_000, 3_000_000, 3_000_000]));
    const value = r.pick([0n, 0n, 0n, 1n, 10n ** 15n]);
    const data = '0x' + r.hex(r.pick([0, 0, 4, 32, 36, 68]));
    const accessList =
      type === 'legacy' || r.chance(0.5)
        ? undefined
        : [{ address: r.pick([...programs, plainAccount]), storageKeys: r.chance(0.5) ? [`0x${'00'.repeat(31)}01`] : [] }];
    const base = { value, extraGas, type, accessList } as const;
    switch (kind) {
      case 'program':
        return { ...base, to: r.pick(programs), data };
      case 'create':
        return { ...base, data: programOf(options.seed + 1000 + r.int(1_000_000), 0) };
      case 'tree':
        return { ...base, to: tree.entryAddress, data: '0x', extraGas: r.pick([9_000n, 1_000_000n]) };
      case 'reverter':
        return { ...base, to: tree.reverterAddress, data: selector };
      case 'probe':
        return { ...base, ...r.pick(Object.values(probeTransactions(probe))) };
      case 'transfer':
        return { ...base, to: r.pick([plainAccount, '0x000000000000000000000000000000000000dead', authority]), data: '0x' };
      case 'delegated':
        return { ...base, to: authority, data };
      default: {
        // One valid authorization (the authority's next nonce), now and then beside one the node skips.
        const sign = (chain: bigint, at: bigint, address: string) =>
          eoaCode7702SignAuthorization(
            { chainId: `0x${chain.toString(16)}`, address: address as PrefixedHexString, nonce: `0x${at.toString(16)}` },
            authorityKey,
          );
        const target = r.pick([programs[2], programs[1], `0x${'00'.repeat(20)}`]);
        const authorizations = [sign(r.pick([chainId, 0n]), authorityNonce, target)];
        if (r.chance(0.3))
          authorizations.push(r.chance(0.5) ? sign(99n, authorityNonce, target) : sign(chainId, authorityNonce + 5n, target));
        authorityNonce++;
        delegated = true;
        return { ...base, type: 'setCode', to: r.pick([authority, programs[0]]), data, accessList: undefined, authorizations };
      }
    }
  };

  const signed = (payload: Payload, gasPrice: bigint, tip: bigint): string => {
    const fields = {
      nonce: BigInt(nonce++),
      gasLimit: intrinsicGas(payload) + payload.extraGas,
      to: payload.to === undefined ? undefined : createAddressFromString(payload.to),
      value: payload.value,
      data: hexToBytes(payload.data as PrefixedHexString),
    };
    const accessList = (payload.accessList ?? []).map((e) => ({
      address: e.address as PrefixedHexString,
      storageKeys: e.storageKeys as PrefixedHexString[],
    }));
    const fees = { maxFeePerGas: 2n * gasPrice + tip, maxPriorityFeePerGas: tip };
    const tx =
      payload.type === 'legacy'
        ? createLegacyTx({ ...fields, gasPrice: 2n * gasPrice }, { common })
        : payload.type === 'accessList'
          ? createAccessList2930Tx({ ...fields, gasPrice: 2n * gasPrice, accessList }, { common })
          : payload.type === 'dynamicFee'
            ? createFeeMarket1559Tx({ ...fields, ...fees, accessList }, { common })
            : createEOACode7702Tx({ ...fields, ...fees, accessList, authorizationList: payload.authorizations! }, { common });
    return bytesToHex(tx.sign(signer.privateKey).serialize());
  };

  /** Sends payloads in one batch request and waits until the last one is mined (so are the others). */
  const sendBatch = async (payloads: Payload[]) => {
    const gasPrice = BigInt(await call<string>(url, 'eth_gasPrice'));
    const tip = BigInt(await call<string>(url, 'eth_maxPriorityFeePerGas'));
    const batch = payloads.map((payload, id) => ({
      jsonrpc: '2.0',
      id,
      method: 'eth_sendRawTransaction',
      params: [signed(payload, gasPrice, tip)],
    }));
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(batch) });
    const answers = (await response.json()) as Array<{ id: number; result?: string; error?: { message: string } }>;
    const refused = answers.find((answer) => answer.error);
    if (refused) throw new Error(`the node refused ${JSON.stringify(payloads[refused.id]).slice(0, 200)}: ${refused.error!.message}`);
    const last = answers.find((answer) => answer.id === payloads.length - 1)!.result!;
    await waitForReceipt(url, last, 20);
  };

  await sendBatch(setup);
  const most = options.batch ?? 4;
  let head = Number(await call<string>(url, 'eth_blockNumber'));
  while (head < options.blocks) {
    await sendBatch(Array.from({ length: r.int(most) + 1 }, randomPayload));
    head = Number(await call<string>(url, 'eth_blockNumber'));
  }
  return head;
}

/** What blocks 1..head hold: the transaction types, failed transactions, creations, blocks of several. */
export async function chainReceipts(url: string, head: number) {
  const receipts: Array<Array<{ status: string; type: string; contractAddress: string | null }>> = [];
  for (let n = 1; n <= head; n++) receipts.push(await call(url, 'eth_getBlockReceipts', [`0x${n.toString(16)}`]));
  const all = receipts.flat();
  return {
    types: [...new Set(all.map((receipt) => receipt.type))].sort(),
    failed: all.filter((receipt) => receipt.status === '0x0').length,
    creations: all.filter((receipt) => receipt.contractAddress !== null).length,
    crowded: receipts.filter((block) => block.length > 1).length,
  };
}
