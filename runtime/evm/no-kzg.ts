// No KZG library is bundled. ethereumjs insists on one to even decode a blob (type 3) transaction, though
// replaying a mined one never verifies blobs; this stand-in lets such transactions run and makes the one
// place that really needs KZG (the point-evaluation precompile 0x0a) fail with a clear message.
import type { KZG } from '@ethereumjs/util';

function unavailable(): never {
  throw new Error('KZG is not available: this runtime includes no KZG library, so the point-evaluation precompile 0x0a cannot run');
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
