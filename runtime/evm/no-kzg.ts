// No KZG library is bundled. ethereumjs insists on one to even decode a blob (type 3) transaction, though
// replaying a mined one never verifies blobs; this stand-in lets such transactions run. The one place that
// really needs KZG is the point-evaluation precompile 0x0a: ethereumjs turns any error there into a plain
// revert, which would silently differ from geth, so the stand-in records the use and the run then fails
// with a clear error instead.
import type { KZG } from '@ethereumjs/util';
import type { Unreproducible } from './unreproducible';

const kzgUnavailable =
  'the point-evaluation precompile 0x0a was called, but this runtime includes no KZG library, so its result would be wrong';

export function noKzg(record: Unreproducible): KZG {
  const unavailable = (): never => {
    record.mark(kzgUnavailable);
    throw new Error(kzgUnavailable);
  };
  return {
    blobToKzgCommitment: unavailable,
    computeBlobProof: unavailable,
    verifyProof: unavailable,
    verifyBlobProofBatch: unavailable,
    computeCells: unavailable,
    computeCellsAndProofs: unavailable,
    recoverCellsAndProofs: unavailable,
    verifyCellKzgProofBatch: unavailable,
  };
}
