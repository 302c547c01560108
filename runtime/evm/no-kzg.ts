// No KZG library is bundled. ethereumjs insists on one to even decode a blob (type 3) transaction, though
// replaying a mined one never verifies blobs; this stand-in lets such transactions run. The one place that
// really needs KZG is the point-evaluation precompile 0x0a: ethereumjs turns any error there into a plain
// revert, which would silently differ from geth, so the stand-in records the use and the trace then fails
// with a clear error instead.
import type { KZG } from '@ethereumjs/util';

let used = false;

function unavailable(): never {
  used = true;
  throw new Error(kzgUnavailable);
}

export const kzgUnavailable =
  'the point-evaluation precompile 0x0a was called, but this runtime includes no KZG library, so its result would be wrong';

/** Forget earlier uses (at the start of a job). */
export function resetKzgUse(): void {
  used = false;
}

/** Whether KZG was needed since the reset: then this and every later state of the job are unreliable. */
export function kzgWasUsed(): boolean {
  return used;
}

export const noKzg: KZG = {
  blobToKzgCommitment: unavailable,
  computeBlobProof: unavailable,
  verifyProof: unavailable,
  verifyBlobProofBatch: unavailable,
  computeCells: unavailable,
  computeCellsAndProofs: unavailable,
  recoverCellsAndProofs: unavailable,
  verifyCellKzgProofBatch: unavailable,
};
