// `--seed examples`: deploys the example contracts (examples/contracts, compiled into
// runtime/devchain/seed/example-contracts.json) and mines one transaction of each kind tracers are for, so a
// fresh node has something to trace. Everything is sent from the dev accounts, one block per transaction.
import { Hardfork } from '@ethereumjs/common';
import type { CallLimits, DevChain } from '../devchain/dev-chain';
import compiled from '../devchain/seed/example-contracts.json';
import type { CallObject } from '../evm/job';
import { buildDevTransaction } from './dev-transaction';

export type SeedName = 'examples' | 'empty';
export const seedNames: readonly SeedName[] = ['examples', 'empty'];
export const isSeedName = (name: string): name is SeedName => (seedNames as readonly string[]).includes(name);

type ContractName = keyof typeof compiled.contracts;

interface SeededContract {
  name: ContractName;
  address: string;
  abi: unknown[];
}

interface SeededTransaction {
  hash: string;
  /** What the transaction shows, e.g. "nested CALL / DELEGATECALL / STATICCALL". */
  title: string;
}

/** What `evmtracer_seedInfo` answers: the seeded contracts and the example transactions (deployments first). */
export interface SeedInfo {
  seed: SeedName;
  contracts: SeededContract[];
  transactions: SeededTransaction[];
}

export const emptySeed: SeedInfo = { seed: 'empty', contracts: [], transactions: [] };

/** A 32-byte ABI word of an address or an unsigned integer (the examples take only static arguments). */
const word = (value: string | bigint) => (typeof value === 'string' ? value.slice(2).toLowerCase() : value.toString(16)).padStart(64, '0');

function calldata(contract: ContractName, signature: string, ...args: (string | bigint)[]): string {
  const selectors: Record<string, string> = compiled.contracts[contract].selectors;
  return '0x' + selectors[signature] + args.map(word).join('');
}

const ether = 10n ** 18n;

const seeded = (name: ContractName, address: string): SeededContract => ({ name, address, abi: compiled.contracts[name].abi });

/** Throws when the chain cannot run the examples (they need CREATE2 and two senders). */
function checkSeedable(chain: DevChain): void {
  if (!chain.commonAt(1n, chain.head.header.timestamp + 1n).gteHardfork(Hardfork.Constantinople)) {
    throw new Error('--seed examples needs --hardfork constantinople or later (the examples use CREATE2 and STATICCALL)');
  }
  if (chain.accounts.length < 2) throw new Error('--seed examples needs --accounts 2 or more (the examples send from two dev accounts)');
}

export async function seedExamples(chain: DevChain, callLimits: CallLimits): Promise<SeedInfo> {
  checkSeedable(chain);
  const [deployer, holder, receiver] = [
    chain.accounts[0].address,
    chain.accounts[1].address,
    chain.accounts[2]?.address ?? chain.accounts[0].address,
  ];
  const info: SeedInfo = { seed: 'examples', contracts: [], transactions: [] };
  const send = async (title: string, call: CallObject) => {
    const hash = await chain.sendTransaction(await buildDevTransaction({ chain, callLimits }, call));
    info.transactions.push({ hash, title });
    return chain.head.receipts[0];
  };
  const deploy = async (name: ContractName, ...args: (string | bigint)[]) => {
    const receipt = await send(`deploy ${name}`, { from: deployer, data: compiled.contracts[name].bytecode + args.map(word).join('') });
    const address = receipt.contractAddress!;
    info.contracts.push(seeded(name, address));
    return address;
  };

  const token = await deploy('ExampleToken', 1_000_000n * ether);
  const oracle = await deploy('PriceOracle', 1500n);
  const logic = await deploy('VaultLogic');
  const vault = await deploy('Vault', logic);
  const router = await deploy('Router');
  const factory = await deploy('Create2Factory');
  const burner = await deploy('GasBurner');

  await send('token transfer with a Transfer event', {
    from: deployer,
    to: token,
    data: calldata('ExampleToken', 'transfer(address,uint256)', holder, 250n * ether),
  });
  await send('nested CALL → DELEGATECALL → STATICCALL', {
    from: deployer,
    to: router,
    data: calldata('Router', 'route(address,address,uint256)', vault, oracle, 3n),
  });
  // Fixed gas: estimating a call that fails fails.
  await send('transfer reverting with a reason', {
    from: holder,
    to: token,
    gas: '0x30d40',
    data: calldata('ExampleToken', 'transfer(address,uint256)', receiver, 1000n * ether),
  });
  const created = await send('CREATE2 factory deployment', {
    from: deployer,
    to: factory,
    data: calldata('Create2Factory', 'deploy(bytes32)', 0x5eedn),
  });
  // Deployed(address child, bytes32 salt): the child's address is the first data word.
  info.contracts.push(seeded('Child', '0x' + created.logs[0].data.slice(26, 66)));
  await send('call running out of gas', {
    from: deployer,
    to: burner,
    gas: '0x13880',
    data: calldata('GasBurner', 'burn(uint256)', 1000n),
  });
  return info;
}
