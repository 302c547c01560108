// Prints the lines appended to a file while something else writes it (mocha's report from the extension
// host). `stop()` prints what is left and ends.
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

export function followFile(file) {
  let offset = 0;
  let pending = '';
  const decoder = new StringDecoder('utf8'); // a character may straddle two reads
  const buffer = Buffer.alloc(64 * 1024);
  const drain = () => {
    if (!existsSync(file)) return;
    const fd = openSync(file, 'r');
    try {
      for (let n; (n = readSync(fd, buffer, 0, buffer.length, offset)) > 0;) {
        offset += n;
        pending += decoder.write(buffer.subarray(0, n));
      }
    } finally {
      closeSync(fd);
    }
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) console.log(line);
  };
  const timer = setInterval(drain, 250);
  return {
    stop() {
      clearInterval(timer);
      drain();
      if (pending) console.log(pending);
    },
  };
}
