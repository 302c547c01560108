// coreth (geth v1.13) hands a tracer the state before its transaction is finalised: a JS tracer's `result`
// and the prestate tracer's `post` still see a self-destructed contract's code, nonce and slots, and a
// precompile the transaction called exists (the call created it; finalisation removes it as empty). geth
// v1.17 finalises first. ethereumjs deletes both kinds at the end of the transaction (its self-destruct
// processing, then the journal's cleanup of touched empty accounts): for a target that traces the state
// before finalisation, those deletions wait until the tracer has answered.
import type { Address } from '@ethereumjs/util';
import type { VM } from '@ethereumjs/vm';

interface Journal {
  deleteAccount(address: Address): Promise<void>;
  cleanup(): Promise<void>;
  touchAddress(address: Address): void;
}

/** Defers the end-of-transaction deletions of self-destructed accounts and of the called `precompiles` (lower-case
 * hex) until `finalise`, which also puts the journal back as it was. */
export function keepUnfinalised(vm: VM, precompiles: ReadonlySet<string>): { finalise(): Promise<void> } {
  const journal = vm.evm.journal as unknown as Journal;
  const { deleteAccount, cleanup } = journal;
  const deferred: Address[] = [];
  let cleaning = false;
  // Self-destructs are deleted before the cleanup; in it, only the empty accounts coreth's EVM had created.
  journal.deleteAccount = async function (this: Journal, address: Address) {
    if (cleaning && !precompiles.has(address.toString())) return deleteAccount.call(this, address);
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
      delete (journal as Partial<Journal>).deleteAccount;
      delete (journal as Partial<Journal>).cleanup;
      for (const address of deferred) await vm.stateManager.deleteAccount(address);
    },
  };
}
