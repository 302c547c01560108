// geth's block-start system calls, run before a block's first transaction: EIP-4788 keeps the parent beacon
// block root (from Cancun, when the header carries one) and EIP-2935 the parent block hash (from Prague), each
// in its system contract's ring buffer. geth calls the contracts; the effect is the storage their code writes,
// which is written here directly, and nothing at all when the contract has no code on the chain.
import { bigIntToBytes, createAddressFromString, hexToBytes, setLengthLeft, unpadBytes, type Address } from '@ethereumjs/util';
import type { VM } from '@ethereumjs/vm';

const beaconRoots = createAddressFromString('0x000F3df6D732807Ef1319fB7B8bB8522d0Beac02');
const blockHashes = createAddressFromString('0x0000F90827F1C53a10cb7A02335B175320002935');
/** Both ring buffers hold 8191 entries (EIP-4788's HISTORY_BUFFER_LENGTH, EIP-2935's HISTORY_SERVE_WINDOW). */
const ringSize = 8191n;

const slot = (n: bigint) => setLengthLeft(bigIntToBytes(n), 32);

async function store(vm: VM, contract: Address, writes: Array<[bigint, Uint8Array]>): Promise<void> {
  if ((await vm.stateManager.getCode(contract)).length === 0) return;
  // Stored as SSTORE stores values: without leading zero bytes.
  for (const [key, value] of writes) await vm.stateManager.putStorage(contract, slot(key), unpadBytes(value));
}

interface BlockStart {
  number: bigint;
  timestamp: bigint;
  parentHash?: string;
  parentBeaconBlockRoot?: string;
}

export async function runSystemCalls(vm: VM, block: BlockStart): Promise<void> {
  if (vm.common.isActivatedEIP(4788) && block.parentBeaconBlockRoot !== undefined) {
    const index = block.timestamp % ringSize;
    await store(vm, beaconRoots, [
      [index, bigIntToBytes(block.timestamp)],
      [index + ringSize, hexToBytes(block.parentBeaconBlockRoot as `0x${string}`)],
    ]);
  }
  if (vm.common.isActivatedEIP(2935) && block.parentHash !== undefined && block.number > 0n) {
    await store(vm, blockHashes, [[(block.number - 1n) % ringSize, hexToBytes(block.parentHash as `0x${string}`)]]);
  }
}
