// What the state gives the execution and its tracer beyond ethereumjs' own state manager interface: reads
// that are synchronous, as geth's tracer `db` is.
import type { SimpleStateManager } from '@ethereumjs/statemanager';

/** Synchronous reads of the live state (geth's `db`). */
export interface StateReader {
  balance(address: Uint8Array): bigint;
  nonce(address: Uint8Array): bigint;
  code(address: Uint8Array): Uint8Array;
  /** 32 bytes. */
  storage(address: Uint8Array, slot: Uint8Array): Uint8Array;
  exists(address: Uint8Array): boolean;
  /** Runs `read` with reads showing the state as the last revert found it (a failing frame's state). */
  beforeLastRevert?<T>(read: () => T): T;
}

/** A state manager the EVM runs on that the tracer's `db` can also read synchronously. */
export interface TraceStateManager extends SimpleStateManager {
  reader: StateReader;
}
