// A closed document's text and parse are garbage at once, but V8 collects only when the program allocates:
// an idle server kept a closed document's memory for as long as the editor sent nothing (a 5 MB tracer's
// parse held about 1 GB, before the size limit). After documents close, one full collection frees it.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's collector, as --expose-gc gives it, for this module alone: a context made while the flag is on
 * has `gc`, and the flag is off again before any other code runs. */
function exposeCollector(): () => void {
  setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as () => void;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

const collect = exposeCollector();
/** Lets documents closed together (an editor closing a window) be collected once. */
const GATHER_MS = 100;
let pending: NodeJS.Timeout | undefined;

export function releaseMemorySoon(): void {
  pending ??= setTimeout(() => {
    pending = undefined;
    collect();
  }, GATHER_MS).unref();
}
