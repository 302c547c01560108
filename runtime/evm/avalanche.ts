// The Avalanche C-Chain's execution rules (coreth v0.16 on libevm) on @ethereumjs, where they differ from
// the Ethereum hardfork they are aligned with:
// - no gas refunds from Apricot Phase 1 (coreth's refundGas);
// - the coinbase receives the whole fee, base fee included (coreth burns nothing: the fee is gasUsed × the
//   effective gas price), where ethereumjs pays it only the tip;
// - PREVRANDAO (from Durango, i.e. Shanghai) gives the header's difficulty (coreth copies it into Random);
// - P256VERIFY at 0x100 from Granite (EIP-7951's precompile and price);
// - the native-asset contracts at 0x0100…0000/0001/0002 (from Apricot Phase 2): from Apricot Phase 2 until
//   Apricot Phase Pre-6 and from Apricot Phase 6 until Banff they read and move multi-coin balances this runtime
//   does not have; otherwise they are deprecated stubs that revert and give all their gas back; from Granite a
//   DELEGATECALL or CALLCODE into one reverts consuming all its gas, and between coreth's invalidation date and
//   Granite such a call invalidates the whole transaction;
// - the warp precompile at 0x0200…0005 (from Durango) answers from validator signatures and the block's
//   predicate results, which a replay does not have.
// The base fee is whatever the block header says (coreth's own fee algorithm is never recomputed).
import type { ParamsDict } from '@ethereumjs/common';
import { EVMError, type CustomPrecompile, type Message, type PrecompileFunc } from '@ethereumjs/evm';
import { Account, bigIntToBytes, createAddressFromString, setLengthLeft, type Address } from '@ethereumjs/util';
import type { VM } from '@ethereumjs/vm';
import type { AvalancheRules } from '../chain/rules/avalanche';
import type { BlockRules } from './block-rules';

const nativeAssetAddresses = [
  '0x0100000000000000000000000000000000000000',
  '0x0100000000000000000000000000000000000001',
  '0x0100000000000000000000000000000000000002',
];
const warpAddress = '0x0200000000000000000000000000000000000005';

/** coreth's InvalidateDelegateUnix (2025-08-02 04:00 UTC). */
const invalidateDelegateAt = 1754107200n;

/** A refund quotient so large that gasUsed / quotient is 0: ethereumjs then refunds nothing. */
const noRefundQuotient = '0x' + 'f'.repeat(64);

export function avalancheCommonOptions(rules: AvalancheRules, hardfork: string): { eips: number[]; params: ParamsDict } {
  return {
    eips: rules.granite ? [7951] : [],
    // Hardfork-scoped params are merged after the fork's EIP params, so this overrides EIP-3529's quotient.
    params: rules.apricotPhase1 ? { [hardfork]: { maxRefundQuotient: noRefundQuotient } } : {},
  };
}

/** Whether the native-asset contracts are live multi-coin contracts (not the deprecated stubs) at these rules. */
function liveNativeAsset(rules: AvalancheRules): boolean {
  if (rules.banff || !rules.apricotPhase2) return false;
  return rules.apricotPhase6 || !rules.apricotPhasePre6;
}

const delegated = (message: Message) => message.delegatecall || (message.to !== undefined && !message.to.equals(message.codeAddress));

/** The message being run: a precompile runs right after its own beforeMessage event. */
interface CurrentMessage {
  message: Message | undefined;
}

function nativeAssetPrecompiles(rules: BlockRules & { avalanche: AvalancheRules }, current: CurrentMessage): CustomPrecompile[] {
  const { avalanche, unreproducible, timestamp } = rules;
  if (!avalanche.apricotPhase2) return [];
  const live = liveNativeAsset(avalanche);
  const run: PrecompileFunc = ({ gasLimit }) => {
    const message = current.message;
    if (message && delegated(message)) {
      if (avalanche.granite)
        return { returnValue: new Uint8Array(0), executionGasUsed: gasLimit, exceptionError: new EVMError(EVMError.errorMessages.REVERT) };
      if (timestamp >= invalidateDelegateAt)
        unreproducible.mark(
          'a native-asset precompile (0x0100…) was called by DELEGATECALL or CALLCODE, which makes coreth reject the whole transaction',
        );
    }
    if (live) {
      unreproducible.mark(
        'a native-asset precompile (0x0100…) was called, which reads or moves Avalanche multi-coin balances this runtime does not have, so its result would be wrong',
      );
    }
    return { returnValue: new Uint8Array(0), executionGasUsed: 0n, exceptionError: new EVMError(EVMError.errorMessages.REVERT) };
  };
  return nativeAssetAddresses.map((address) => ({ address: createAddressFromString(address), function: run }));
}

interface AvalancheExecution {
  evmOpts: { customPrecompiles: CustomPrecompile[] };
  /** Hooks on the VM built with `evmOpts`: the current message (for the precompiles), warp calls, the fee. */
  install(vm: VM, coinbase: Address): void;
}

export function avalancheExecution(rules: BlockRules): AvalancheExecution | undefined {
  const { avalanche, unreproducible } = rules;
  if (!avalanche) return undefined;
  const current: CurrentMessage = { message: undefined };
  const warp = createAddressFromString(warpAddress);
  return {
    evmOpts: { customPrecompiles: nativeAssetPrecompiles({ ...rules, avalanche }, current) },
    install(vm, coinbase) {
      vm.evm.events!.on('beforeMessage', (message: Message) => {
        current.message = message;
        if (avalanche.durango && message.to !== undefined && message.codeAddress.equals(warp)) {
          unreproducible.mark(
            "the warp precompile 0x0200000000000000000000000000000000000005 was called; its answers come from validator signatures and the block's predicate results, which a replay does not have",
          );
        }
      });
      // ethereumjs pays the coinbase the tip (minerValue) of the amount the sender paid; coreth pays it all.
      vm.events.on('afterTx', async (result: { amountSpent: bigint; minerValue: bigint }, resolve?: () => void) => {
        try {
          const burnt = result.amountSpent - result.minerValue;
          if (burnt > 0n) {
            const account = (await vm.stateManager.getAccount(coinbase)) ?? new Account();
            account.balance += burnt;
            await vm.evm.journal.putAccount(coinbase, account);
          }
        } catch (error) {
          // A listener cannot fail the run: the run reports it afterwards instead.
          unreproducible.mark(`paying the fee to the coinbase failed: ${error instanceof Error ? error.message : String(error)}`);
        } finally {
          resolve?.();
        }
      });
    },
  };
}

/** coreth hands the header's difficulty to PREVRANDAO: the block ethereumjs runs carries it as its mixHash. */
export function avalancheRandao(difficulty: bigint): Uint8Array {
  return setLengthLeft(bigIntToBytes(difficulty), 32);
}
