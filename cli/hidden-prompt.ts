// Reads a password from the terminal without echoing it.

export function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    return Promise.reject(new Error('a password is needed but there is no terminal to ask on: use --password-env VAR'));
  }
  return new Promise((resolve, reject) => {
    // Echo goes off before the question shows, so nothing typed right after it is echoed.
    input.setRawMode(true);
    process.stderr.write(question);
    let answer = '';
    const finish = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(answer);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003') return finish(new Error('cancelled'));
        if (char === '\u007f' || char === '\b') answer = answer.slice(0, -1);
        else answer += char;
      }
    };
    input.resume();
    input.on('data', onData);
  });
}
