// SimpleStateManager whose deleteAccount deletes the whole account. Its own keeps the code and storage of a
// deleted account (a contract that self-destructed in an earlier transaction of the block, or an emptied
// one), so a later transaction still ran that code. The empty code is kept as a value so that, in fork
// mode, it shadows the upstream's.
import { SimpleStateManager } from '@ethereumjs/statemanager';
import type { Address } from '@ethereumjs/util';

export class DeletingStateManager extends SimpleStateManager {
  override async deleteAccount(address: Address): Promise<void> {
    await super.deleteAccount(address);
    this.topCodeStack().set(address.toString(), new Uint8Array(0));
    await this.clearStorage(address);
  }
}
