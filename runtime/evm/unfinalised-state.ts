// coreth (geth v1.13) hands a tracer the state before its transaction is finalised: a JS tracer's `result`
// and the prestate tracer's `post` still see a self-destructed contract's code, nonce and slots, and the empty
// accounts the transaction created (a called precompile, a STATICCALL's target, a SELFDESTRUCT's beneficiary;
// finalisation removes them as empty). geth v1.17 finalises first. ethereumjs deletes both kinds at the end of
// the transaction (its self-destruct processing, then the journal's cleanup of touched empty accounts): for a
// target that traces the state before finalisation, those deletions wait until the tracer has answered.
import type { Message } from '@ethereumjs/evm';
import type { Address } from '@ethereumjs/util';
import type { VM } from '@ethereumjs/vm';
import type { StateReader } from '../state/state-reader';
import { op } from '../../core/api/opcodes';

interface OpEntry {
  opHandler: (runState: unknown, common: unknown) => unknown;
}

interface Journal {
  deleteAccount(address: Address): Promise<void>;
  cleanup(): Promise<void>;
  touchAddress(address: Address): void;
}

/** Defers the end-of-transaction deletions until `finalise`, which also puts the journal back as it was.
 * `precompiles`: lower-case hex addresses. */
export function keepUnfinalised(vm: VM, precompiles: ReadonlySet<string>, state: StateReader): { finalise(): Promise<void> } {
  const journal = vm.evm.journal as unknown as Journal;
  const { deleteAccount, cleanup } = journal;
  const deferred: Address[] = [];
  // ethereumjs creates every account a message goes to; coreth's CALL of an absent account without value
  // creates nothing (and no precompile is absent there), its STATICCALL touches the target whatever the frame.
  // A message does not say which opcode sent it: STATICCALL's handler tells the next one.
  const uncreated = new Set<string>();
  const table = (vm.evm as unknown as { _opcodeMap: OpEntry[] })._opcodeMap;
  const staticCallEntry = table[op.STATICCALL];
  let fromStaticCall = false;
  const staticCallTold: OpEntry = {
    ...staticCallEntry,
    opHandler: async (runState, common) => {
      fromStaticCall = true;
      try {
        return await staticCallEntry.opHandler(runState, common);
      } finally {
        // A STATICCALL that failed its checks sent no message.
        fromStaticCall = false;
      }
    },
  };
  table[op.STATICCALL] = staticCallTold;
  const onMessage = (message: Message) => {
    const staticCall = fromStaticCall;
    fromStaticCall = false;
    if (message.to === undefined || message.delegatecall || !message.to.equals(message.codeAddress)) return;
    const to = message.to.toString();
    const creates = message.value > 0n || precompiles.has(to) || staticCall;
    if (creates) uncreated.delete(to);
    else if (!state.exists(message.to.bytes)) uncreated.add(to);
  };
  vm.evm.events!.on('beforeMessage', onMessage);
  let cleaning = false;
  // Self-destructs are deleted before the cleanup; in it, the touched empty accounts coreth has too.
  journal.deleteAccount = async function (this: Journal, address: Address) {
    if (cleaning && uncreated.has(address.toString())) return deleteAccount.call(this, address);
    this.touchAddress(address);
    deferred.push(address);
  };
  journal.cleanup = async function (this: Journal) {
    cleaning = true;
    try {
      await cleanup.call(this);
    } finally {
      cleaning = false;
    }
  };
  return {
    async finalise() {
      vm.evm.events!.off('beforeMessage', onMessage);
      // The wrappers put in the table before (taps, cold-call-targets) have put back what they found by now.
      if (table[op.STATICCALL] === staticCallTold) table[op.STATICCALL] = staticCallEntry;
      delete (journal as Partial<Journal>).deleteAccount;
      delete (journal as Partial<Journal>).cleanup;
      for (const address of deferred) await vm.stateManager.deleteAccount(address);
    },
  };
}
