// What a fork node is fetching from its upstream, shown while it fetches: on a terminal one line rewritten in
// place; for a launcher that asks for it (the extension, with EVM_TRACER_FORK_PROGRESS=lines) plain lines it
// can read. Both at most a few times a second. Counts only: nothing of the URL is shown.
import { forkProgressPrefix, forkProgressVariable } from '../core/local-node-launcher';
import { trafficText, type Traffic } from '../runtime/state/upstream';

export function forkProgress(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): ((traffic: Traffic) => void) | undefined {
  const lines = env[forkProgressVariable] === 'lines';
  if (!stream.isTTY && !lines) return undefined;
  const everyMs = lines ? 250 : 100;
  let last = 0;
  let pending: NodeJS.Timeout | undefined;
  const show = (traffic: Traffic) => {
    last = Date.now();
    const text = forkProgressPrefix + trafficText(traffic);
    stream.write(lines ? text + '\n' : `\r\x1b[K${text}`);
  };
  return (traffic) => {
    if (pending) return;
    const wait = last + everyMs - Date.now();
    if (wait <= 0) return show(traffic);
    // The latest counts, shown once the interval is up (`traffic` is the upstream's live object).
    pending = setTimeout(() => {
      pending = undefined;
      show(traffic);
    }, wait);
    pending.unref();
  };
}
