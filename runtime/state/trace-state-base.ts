// The SimpleStateManager both trace state managers (seeded and fork) build on, with two changes:
// - deleteAccount deletes the whole account. SimpleStateManager's keeps the code and storage of a deleted
//   account (a contract that self-destructed in an earlier transaction of the block, or an emptied one), so
//   a later transaction still ran that code. The empty code is kept as a value so that, in fork mode, it
//   shadows the upstream's.
// - the state a revert dropped stays readable: ethereumjs reverts a failing frame before it reports the
//   failure, while geth's fault hook reads the state as the failing opcode left it.
import { SimpleStateManager } from '@ethereumjs/statemanager';
import type { Account, Address } from '@ethereumjs/util';

type Level = { accounts: Map<`0x${string}`, Account | undefined>; code: Map<`0x${string}`, Uint8Array>; storage: Map<string, Uint8Array> };

export class TraceStateBase extends SimpleStateManager {
  private dropped: Level | undefined;
  private showDropped = false;

  override async deleteAccount(address: Address): Promise<void> {
    await super.deleteAccount(address);
    this.topCodeStack().set(address.toString(), new Uint8Array(0));
    await this.clearStorage(address);
  }

  override async revert(): Promise<void> {
    this.dropped = { accounts: this.topAccountStack(), code: this.topCodeStack(), storage: this.topStorageStack() };
    await super.revert();
  }

  /** Runs `read` with reads showing the state as it was before the last revert. */
  beforeLastRevert<T>(read: () => T): T {
    this.showDropped = this.dropped !== undefined;
    try {
      return read();
    } finally {
      this.showDropped = false;
    }
  }

  protected override topAccountStack(): Level['accounts'] {
    return this.showDropped ? this.dropped!.accounts : super.topAccountStack();
  }

  protected override topCodeStack(): Level['code'] {
    return this.showDropped ? this.dropped!.code : super.topCodeStack();
  }

  protected override topStorageStack(): Level['storage'] {
    return this.showDropped ? this.dropped!.storage : super.topStorageStack();
  }
}
