// A geth chain config with every fork up to Prague active from genesis (chain id 1337), and transactions
// signed for it: for trace jobs and tracer-test fixtures written by the tests themselves.
import { createCustomCommon, Hardfork, Mainnet } from '@ethereumjs/common';
import { createFeeMarket1559Tx } from '@ethereumjs/tx';
import { bytesToHex } from '@ethereumjs/util';
import type { DevAccount } from '../../runtime/chain/dev-accounts';

const blockForks = ['homestead', 'eip150', 'eip155', 'eip158', 'byzantium', 'constantinople', 'petersburg', 'istanbul', 'berlin', 'london'];

export const pragueChainConfig = {
  chainId: 1337,
  ...Object.fromEntries(blockForks.map((fork) => [`${fork}Block`, 0])),
  terminalTotalDifficulty: 0,
  shanghaiTime: 0,
  cancunTime: 0,
  pragueTime: 0,
};

/** A signed EIP-1559 transaction to `to` (100,000 gas, fee cap 10 gwei, tip 1 wei), as raw hex. */
export function signedRawCall(signer: DevAccount, to: string, { nonce = 0n, data = '0x' }: { nonce?: bigint; data?: string } = {}): string {
  const common = createCustomCommon({ chainId: pragueChainConfig.chainId }, Mainnet, { hardfork: Hardfork.Prague });
  const fields = {
    nonce,
    to: to as `0x${string}`,
    data: data as `0x${string}`,
    gasLimit: 100_000n,
    maxFeePerGas: 10n ** 10n,
    maxPriorityFeePerGas: 1n,
    chainId: 1337n,
  };
  return bytesToHex(createFeeMarket1559Tx(fields, { common }).sign(signer.privateKey).serialize());
}
