// eth_*, net_* and web3_* methods of the dev node.
import { createTxFromRLP, type TypedTransaction } from '@ethereumjs/tx';
import { bytesToHex, createAddressFromString, hexToBytes, setLengthLeft } from '@ethereumjs/util';
import type { StoredBlock } from '../../devchain/dev-chain';
import { WorkTimedOut } from '../../evm/dev-work';
import type { TraceStateManager } from '../../state/state-reader';
import type { Methods } from '../dispatch';
import * as p from '../params';
import { RpcError, serverError } from '../rpc-error';
import { formatBlock, formatReceipt, formatTransaction } from '../rpc-format';
import { resolveBlock, type NodeContext } from './context';
import { executionError } from './execution-error';
import { buildDevTransaction, defaultTip } from '../dev-transaction';
import { decodeStateOverride } from './state-overrides';
import { goDecoded } from '../go-decode';
import { availableParallelism } from 'node:os';
import { toQuantity } from '../../chain/hex';
import { fairLimiter } from '../limiter';
import { cappedCall } from '../gas-cap';
import { goDuration } from '../go-duration';

const clientVersion = 'EVMTracerStudio/v0.1.0/ethereumjs-vm-10';

/** Passes a request to the fork upstream; its failures become -32000 errors (URL masked). */
export async function proxy(context: NodeContext, method: string, params: unknown[]): Promise<unknown> {
  try {
    return await (context.forkSource ?? context.upstream!).request(method, params);
  } catch (error) {
    throw serverError(error instanceof Error ? error.message : String(error));
  }
}

/** geth's answer to a call stopped by --rpc.evmtimeout. */
const aborted = (timeoutMs: number) => `execution aborted (timeout = ${goDuration(timeoutMs)})`;
/** A sent transaction that runs longer than mining allows is not mined. */
const notMined = (timeoutMs: number) =>
  `this local node stopped executing the transaction after ${goDuration(timeoutMs)}: it was not mined`;

/** Runs `work` turning failures (rule checks with geth's text, EVM refusals, a time-out) into -32000 errors. */
async function asRpc<T>(work: () => Promise<T>, timedOut: (timeoutMs: number) => string = aborted): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RpcError) throw error;
    if (error instanceof WorkTimedOut) throw serverError(timedOut(error.timeoutMs));
    throw serverError(error instanceof Error ? error.message : String(error));
  }
}

/** Reads one value from the state after a block, or asks the upstream for blocks before the fork. */
function stateRead(
  context: NodeContext,
  method: string,
  read: (state: TraceStateManager, address: string, slot: string | undefined) => Promise<string>,
  withSlot = false,
) {
  return async (params: unknown[]) => {
    p.requireCount(params, withSlot ? 2 : 1, withSlot ? 3 : 2);
    const address = p.address(params[0], 0);
    const slot = withSlot ? p.slot(params[1], 1) : undefined;
    const blockIndex = withSlot ? 2 : 1;
    const where = resolveBlock(context, p.blockRef(params[blockIndex], blockIndex));
    if ('upstream' in where) return proxy(context, method, [address, ...(slot ? [slot] : []), toQuantity(where.upstream)]);
    // In fork mode the state reads the upstream, whose failures are -32000 errors like the proxied ones.
    return asRpc(async () => read(await context.chain.stateAfterBlock(where.local), address, slot));
  };
}

function localBlock(context: NodeContext, ref: p.BlockRef): StoredBlock {
  const where = resolveBlock(context, ref);
  if ('upstream' in where) throw serverError('calls on blocks before the fork point are not supported: use the fork block or later');
  return where.local;
}

export function ethMethods(context: NodeContext): Methods {
  const { chain, callLimits } = context;
  // Each call runs in a worker process of its own: as many at once as there are cores, shared fairly between clients.
  const limited = fairLimiter(Math.max(2, availableParallelism()));
  const chainId = BigInt(chain.genesis.config.chainId as number);

  const send = async (tx: TypedTransaction) => asRpc(() => chain.sendTransaction(tx), notMined);

  return {
    eth_chainId: async () => toQuantity(chainId),
    net_version: async () => chainId.toString(),
    web3_clientVersion: async () => clientVersion,
    eth_blockNumber: async () => toQuantity(chain.head.number),
    eth_accounts: async () => chain.accounts.map((a) => a.address),
    eth_gasPrice: async () => toQuantity((chain.nextBaseFee() ?? 0n) + defaultTip),
    eth_maxPriorityFeePerGas: async () => toQuantity(defaultTip),
    eth_syncing: async () => false,
    net_listening: async () => true,
    eth_getBalance: stateRead(context, 'eth_getBalance', async (state, address) =>
      toQuantity((await state.getAccount(createAddressFromString(address)))?.balance ?? 0n),
    ),
    eth_getTransactionCount: stateRead(context, 'eth_getTransactionCount', async (state, address) =>
      toQuantity((await state.getAccount(createAddressFromString(address)))?.nonce ?? 0n),
    ),
    eth_getCode: stateRead(context, 'eth_getCode', async (state, address) =>
      bytesToHex(await state.getCode(createAddressFromString(address))),
    ),
    eth_getStorageAt: stateRead(
      context,
      'eth_getStorageAt',
      async (state, address, slot) =>
        bytesToHex(setLengthLeft(await state.getStorage(createAddressFromString(address), hexToBytes(slot as `0x${string}`)), 32)),
      true,
    ),
    eth_call: async (params, request) => {
      p.requireCount(params, 1, 3);
      const call = cappedCall(p.callObject(params[0], 0), callLimits.gasCap);
      const block = localBlock(context, p.blockRef(params[1], 1));
      const overrides = goDecoded(2, (decoder) => decodeStateOverride(params[2], 'param', decoder));
      const result = await asRpc(() =>
        limited(request.client, request.signal, () => chain.call(call, block, overrides, callLimits.timeoutMs)),
      );
      const failure = executionError(result);
      if (failure) throw failure;
      return result.returnValue;
    },
    eth_estimateGas: async (params, request) => {
      p.requireCount(params, 1, 2);
      const call = p.callObject(params[0], 0);
      const block = localBlock(context, p.blockRef(params[1], 1));
      const estimate = await asRpc(() => limited(request.client, request.signal, () => chain.estimateGas(call, block, callLimits)));
      if ('gas' in estimate) return toQuantity(estimate.gas);
      const failure = executionError(estimate.failure)!;
      throw failure.code === 3 ? failure : serverError(`gas required exceeds allowance (${estimate.cap})`);
    },
    eth_sendTransaction: async (params) => {
      p.requireCount(params, 1, 1);
      return send(await asRpc(() => buildDevTransaction(context, p.callObject(params[0], 0))));
    },
    eth_sendRawTransaction: async (params) => {
      p.requireCount(params, 1, 1);
      const raw = p.hexData(params[0], 0);
      const head = chain.head;
      let tx: TypedTransaction;
      try {
        tx = createTxFromRLP(hexToBytes(raw as `0x${string}`), {
          common: chain.commonAt(head.number + 1n, BigInt(Math.floor(Date.now() / 1000))),
        });
        if (!tx.isSigned()) throw new Error('transaction is not signed');
        tx.getSenderAddress();
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw serverError(/chain ?id/i.test(message) ? `invalid chain id for signer: ${message}` : `invalid transaction: ${message}`);
      }
      return send(tx);
    },
    eth_getTransactionByHash: async (params) => {
      p.requireCount(params, 1, 1);
      const found = chain.transaction(p.hash(params[0], 0));
      if (found) return formatTransaction(found.block, found.index);
      return context.upstream ? proxy(context, 'eth_getTransactionByHash', params) : null;
    },
    eth_getTransactionReceipt: async (params) => {
      p.requireCount(params, 1, 1);
      const found = chain.transaction(p.hash(params[0], 0));
      if (found) return formatReceipt(found.block, found.index);
      return context.upstream ? proxy(context, 'eth_getTransactionReceipt', params) : null;
    },
    eth_getBlockByNumber: async (params) => {
      p.requireCount(params, 1, 2);
      const ref = p.blockRef(params[0], 0);
      const full = p.boolean(params[1], 1);
      if ('number' in ref) {
        if (context.upstream && ref.number <= chain.firstNumber)
          return proxy(context, 'eth_getBlockByNumber', [toQuantity(ref.number), full]);
        const stored = chain.blockByNumber(ref.number);
        return stored ? formatBlock(stored, full) : null;
      }
      const where = resolveBlock(context, ref);
      if ('upstream' in where || !where.local.block)
        return proxy(context, 'eth_getBlockByNumber', [
          'upstream' in where ? toQuantity(where.upstream) : toQuantity(where.local.number),
          full,
        ]);
      return formatBlock(where.local, full);
    },
    eth_getBlockByHash: async (params) => {
      p.requireCount(params, 1, 2);
      const stored = chain.blockByHash(p.hash(params[0], 0));
      const full = p.boolean(params[1], 1);
      if (stored?.block) return formatBlock(stored, full);
      return context.upstream ? proxy(context, 'eth_getBlockByHash', [params[0], full]) : null;
    },
  };
}
