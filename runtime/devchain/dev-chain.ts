// The dev chain: one block per transaction, every block, transaction, receipt and post-block state kept in
// memory, so any block can be read, called against or re-executed for a trace. In fork mode the chain
// continues from an upstream block and its states are overlays on the upstream state at that block.
import { createBlock, genTransactionsTrieRoot, type Block } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import type { TypedTransaction } from '@ethereumjs/tx';
import { bytesToHex, createAddressFromString, hexToBytes } from '@ethereumjs/util';
import { shareUnchanged } from '../state/dump';
import { createStateManager } from '../state/create';
import { rulesFor } from '../evm/common';
import type { BlockRules } from '../evm/block-rules';
import {
  workHeaderData,
  type CallOutcome,
  type DevExecutor,
  type EstimateOutcome,
  type MineOutcome,
  type WorkHeader,
} from '../evm/dev-work';
import type { StateOverride } from '../evm/state-override';
import { avalancheCoinbase } from '../chain/rules/avalanche';
import type { AllocAccount } from '../state/alloc';
import type { CallObject, TraceBlock, TraceJob } from '../evm/job';
import type { DevAccount } from '../chain/dev-accounts';
import type { GenesisSpec } from '../chain/genesis';
import { checkTransaction } from './tx-checks';

/** How long mining one transaction may run: a block's gas limit of work, on a slow machine. */
const miningTimeoutMs = 60_000;

/** geth's bounds on the EVM work of eth_call and eth_estimateGas (--rpc.gascap, --rpc.evmtimeout). */
export interface CallLimits {
  /** The most gas a call may have (0: no cap). */
  gasCap: bigint;
  timeoutMs: number;
}

interface StoredLog {
  address: string;
  topics: string[];
  data: string;
}

interface StoredReceipt {
  status: 0 | 1;
  gasUsed: bigint;
  cumulativeGasUsed: bigint;
  effectiveGasPrice: bigint;
  logs: StoredLog[];
  logsBloom: string;
  from: string;
  contractAddress?: string;
}

export interface StoredBlock {
  number: bigint;
  hash: string;
  /** Undefined for the fork point (an upstream block we only know by its header). */
  block?: Block;
  header: BlockContext;
  receipts: StoredReceipt[];
  /** State after this block (in fork mode: the overlay on the upstream state at the fork point). */
  state: Record<string, AllocAccount>;
}

/** What a transaction sees of its block (and what a call or trace on the block runs with). */
interface BlockContext {
  timestamp: bigint;
  gasLimit: bigint;
  baseFeePerGas?: bigint;
  coinbase: string;
  difficulty: bigint;
  mixHash: string;
  parentHash: string;
  excessBlobGas?: bigint;
  parentBeaconBlockRoot?: string;
}

export interface ForkPoint extends BlockContext {
  url: string;
  number: bigint;
  hash: string;
}

export class DevChain {
  private readonly blocks: StoredBlock[] = [];
  private readonly byHash = new Map<string, StoredBlock>();
  private readonly txs = new Map<string, { block: StoredBlock; index: number }>();
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly genesis: GenesisSpec,
    readonly accounts: DevAccount[],
    readonly fork: ForkPoint | undefined,
    /** Where the chain's EVM work runs: never on the node's own thread, so a time-out can stop it. */
    private readonly execute: DevExecutor,
    /** Fork mode: the dev accounts as funded. The fork block keeps the upstream's state as it is; the first
     * block mined after it starts from this on top (nextState). */
    private readonly funding: Record<string, AllocAccount>,
  ) {}

  static async create(
    genesis: GenesisSpec,
    accounts: DevAccount[],
    execute: DevExecutor,
    fork?: { point: ForkPoint; funding: Record<string, AllocAccount> },
  ): Promise<DevChain> {
    const chain = new DevChain(genesis, accounts, fork?.point, execute, fork?.funding ?? {});
    if (fork) {
      const { url: _url, number, hash, ...header } = fork.point;
      chain.store({ number, hash, header, receipts: [], state: genesis.alloc });
    } else {
      const block = createBlock(
        {
          header: {
            number: 0n,
            timestamp: genesis.timestamp,
            gasLimit: genesis.gasLimit,
            difficulty: genesis.difficulty,
            extraData: hexToBytes(genesis.extraData as `0x${string}`),
            coinbase: createAddressFromString(genesis.coinbase),
            mixHash: hexToBytes(genesis.mixHash as `0x${string}`),
            baseFeePerGas: genesis.baseFeePerGas,
          },
        },
        { common: chain.commonAt(0n, genesis.timestamp), skipConsensusFormatValidation: true },
      );
      chain.store({ number: 0n, hash: bytesToHex(block.hash()), block, header: summary(block), receipts: [], state: genesis.alloc });
    }
    return chain;
  }

  /** The rules of a block with this number and timestamp. */
  rulesAt(number: bigint, timestamp: bigint): BlockRules {
    return rulesFor(this.genesis.config, { number, timestamp });
  }

  /** The Ethereum rules (hardfork, chain id) of a block with this number and timestamp. */
  commonAt(number: bigint, timestamp: bigint): Common {
    return this.rulesAt(number, timestamp).common;
  }

  private store(stored: StoredBlock) {
    this.blocks.push(stored);
    this.byHash.set(stored.hash, stored);
    stored.block?.transactions.forEach((tx, index) => this.txs.set(bytesToHex(tx.hash()), { block: stored, index }));
  }

  get firstNumber(): bigint {
    return this.blocks[0].number;
  }

  get head(): StoredBlock {
    return this.blocks[this.blocks.length - 1];
  }

  blockByNumber(number: bigint): StoredBlock | undefined {
    return this.blocks[Number(number - this.firstNumber)];
  }

  blockByHash(hash: string): StoredBlock | undefined {
    return this.byHash.get(hash.toLowerCase());
  }

  transaction(hash: string): { block: StoredBlock; index: number } | undefined {
    return this.txs.get(hash.toLowerCase());
  }

  /** The state after `block`, as a TraceJob state source. */
  stateAfter(block: StoredBlock): Pick<TraceJob, 'preState' | 'fork'> {
    return {
      preState: block.state,
      fork: this.fork && { url: this.fork.url, blockNumber: '0x' + this.fork.number.toString(16), blockHash: this.fork.hash },
    };
  }

  /** The block context of a stored block as a TraceJob block. */
  traceBlock(stored: StoredBlock): TraceBlock {
    const header = stored.header;
    const hex = (value: bigint | undefined) => (value === undefined ? undefined : '0x' + value.toString(16));
    return {
      number: hex(stored.number)!,
      timestamp: hex(header.timestamp)!,
      gasLimit: hex(header.gasLimit)!,
      difficulty: hex(header.difficulty),
      coinbase: header.coinbase,
      baseFeePerGas: hex(header.baseFeePerGas),
      excessBlobGas: hex(header.excessBlobGas),
      prevRandao: header.mixHash,
      hash: stored.hash,
      parentHash: header.parentHash,
      parentBeaconBlockRoot: header.parentBeaconBlockRoot,
    };
  }

  /** number → hash of the up to 256 blocks before `number` (BLOCKHASH). */
  blockHashesBefore(number: bigint): Record<string, string> {
    const hashes: Record<string, string> = {};
    for (let n = number - 1n; n >= 0n && n >= number - 256n; n--) {
      const stored = this.blockByNumber(n);
      if (!stored) break;
      hashes[n.toString()] = stored.hash;
    }
    return hashes;
  }

  /** Runs `work` after every earlier mining step (the chain changes one block at a time). */
  private serialised<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work, work);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** The base fee of the next block (EIP-1559), or undefined before London. A C-Chain's own fee algorithm is
   * not modelled: its dev chain keeps the first block's base fee (an idle chain stays at its minimum). */
  nextBaseFee(): bigint | undefined {
    const parent = this.head;
    if (!parent.block) return parent.header.baseFeePerGas;
    if (!parent.block.header.common.isActivatedEIP(1559)) return undefined;
    if (this.rulesAt(parent.number, parent.header.timestamp).avalanche)
      return parent.header.baseFeePerGas ?? this.blocks[0].header.baseFeePerGas;
    return parent.block.header.calcNextBaseFee();
  }

  private nextHeader(): WorkHeader {
    const parent = this.head;
    const now = BigInt(Math.floor(Date.now() / 1000));
    const avalanche = this.rulesAt(parent.number, parent.header.timestamp).avalanche !== undefined;
    return {
      number: parent.number + 1n,
      parentHash: parent.hash,
      timestamp: now > parent.header.timestamp ? now : parent.header.timestamp + 1n,
      gasLimit: parent.header.gasLimit,
      // A C-Chain block's coinbase must be 0x0100…0000 and its difficulty is 1, whatever its genesis says.
      coinbase: avalanche ? avalancheCoinbase : this.genesis.coinbase,
      ...(avalanche ? { difficulty: 1n } : {}),
      baseFeePerGas: this.nextBaseFee(),
    };
  }

  /** Validates (throwing geth's text for a broken rule), executes and mines `tx` in a block of its own; returns its hash. */
  sendTransaction(tx: TypedTransaction): Promise<string> {
    return this.serialised(async () => {
      const header = this.nextHeader();
      const rules = this.rulesAt(header.number, header.timestamp);
      const sender = tx.getSenderAddress().toString();
      const state = this.nextState();
      const account = await (await createStateManager(state, rules.common)).getAccount(tx.getSenderAddress());
      const problem = checkTransaction(tx, sender, account, header, rules);
      if (problem) throw new Error(problem);
      const work = { kind: 'mine' as const, chainConfig: this.genesis.config, header, state, raw: bytesToHex(tx.serialize()) };
      const result = await this.execute(work, miningTimeoutMs);
      const block = createBlock(
        {
          header: {
            ...workHeaderData(header),
            gasUsed: result.gasUsed,
            transactionsTrie: await genTransactionsTrieRoot([tx]),
            logsBloom: hexToBytes(result.bloom as `0x${string}`),
          },
          transactions: [tx],
        },
        { common: rules.common, skipConsensusFormatValidation: true },
      );
      this.store({
        number: block.header.number,
        hash: bytesToHex(block.hash()),
        block,
        header: summary(block),
        receipts: [receiptOf(tx, result, sender, block)],
        state: shareUnchanged(result.state, this.head.state),
      });
      return bytesToHex(tx.hash());
    });
  }

  /** The state a block mined on `parent` starts from: the parent's; on the fork block (the first local block),
   * with the dev accounts funded on top, so that only what is sent from them sees the funding. */
  private startingOn(parent: StoredBlock): Pick<TraceJob, 'preState' | 'fork'> {
    const after = this.stateAfter(parent);
    return parent.block ? after : { ...after, preState: { ...after.preState, ...this.funding } };
  }

  /** The state the next mined block starts from. */
  private nextState(): Pick<TraceJob, 'preState' | 'fork'> {
    return this.startingOn(this.head);
  }

  /** The state local block `stored` started from (to re-execute it). */
  stateBefore(stored: StoredBlock): Pick<TraceJob, 'preState' | 'fork'> {
    return this.startingOn(this.blockByNumber(stored.number - 1n)!);
  }

  /** A state manager on the state after `stored` (reads for eth_getBalance & co.). */
  stateAfterBlock(stored: StoredBlock) {
    return createStateManager(this.stateAfter(stored), this.commonAt(stored.number, stored.header.timestamp));
  }

  /** Runs a call on the state after `block` with that block's context; nothing is kept. */
  call(call: CallObject, stored: StoredBlock, overrides: StateOverride | undefined, timeoutMs: number): Promise<CallOutcome> {
    const base = { chainConfig: this.genesis.config, header: this.callHeader(stored, call), state: this.stateAfter(stored) };
    return this.execute({ kind: 'call', ...base, call, overrides }, timeoutMs);
  }

  /** eth_estimateGas as geth does it: up to the call's gas (from 21,000; else the block's gas limit), at most the
   * gas cap. `next`: on the head with the state the next mined block starts from (a dev account's transaction). */
  estimateGas(call: CallObject, at: StoredBlock | 'next', { gasCap, timeoutMs }: CallLimits): Promise<EstimateOutcome> {
    const stored = at === 'next' ? this.head : at;
    const given = call.gas === undefined ? 0n : BigInt(call.gas);
    const asked = given >= 21_000n ? given : stored.header.gasLimit;
    const cap = gasCap > 0n && asked > gasCap ? gasCap : asked;
    const state = at === 'next' ? this.nextState() : this.stateAfter(stored);
    const base = { chainConfig: this.genesis.config, header: this.callHeader(stored, call), state };
    return this.execute({ kind: 'estimate', ...base, call, cap }, timeoutMs);
  }

  /** geth runs a call that names no gas price with a zero base fee (NoBaseFee). */
  private callHeader(stored: StoredBlock, call: CallObject): WorkHeader {
    const noFee = !BigInt(call.gasPrice ?? 0) && !BigInt(call.maxFeePerGas ?? 0);
    const { timestamp, gasLimit, coinbase, mixHash, difficulty, baseFeePerGas } = stored.header;
    return {
      number: stored.number,
      timestamp,
      gasLimit,
      coinbase,
      mixHash,
      difficulty,
      baseFeePerGas: baseFeePerGas === undefined ? undefined : noFee ? 0n : baseFeePerGas,
    };
  }
}

function beaconRootOf(block: Block): string | undefined {
  const root = block.header.parentBeaconBlockRoot;
  return root === undefined ? undefined : bytesToHex(root);
}

function summary(block: Block): BlockContext {
  const { timestamp, gasLimit, baseFeePerGas, coinbase, difficulty, mixHash, parentHash, excessBlobGas } = block.header;
  return {
    timestamp,
    gasLimit,
    baseFeePerGas,
    coinbase: coinbase.toString(),
    difficulty,
    mixHash: bytesToHex(mixHash),
    parentHash: bytesToHex(parentHash),
    excessBlobGas,
    parentBeaconBlockRoot: beaconRootOf(block),
  };
}

function receiptOf(tx: TypedTransaction, result: MineOutcome, from: string, block: Block): StoredReceipt {
  const baseFee = block.header.baseFeePerGas ?? 0n;
  const effectiveGasPrice =
    'maxFeePerGas' in tx
      ? baseFee + (tx.maxPriorityFeePerGas < tx.maxFeePerGas - baseFee ? tx.maxPriorityFeePerGas : tx.maxFeePerGas - baseFee)
      : tx.gasPrice;
  return {
    status: result.error ? 0 : 1,
    gasUsed: result.gasUsed,
    cumulativeGasUsed: result.gasUsed,
    effectiveGasPrice,
    logs: result.logs,
    logsBloom: result.bloom,
    from,
    contractAddress: result.createdAddress,
  };
}
