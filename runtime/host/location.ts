// Where in the tracer source an error happened, in geth's text form `<fn> (<eval>:L:C)` or `<eval>:L:C`.
// Positions come from V8 stack frames of the scripts named `<eval>` (the wrapped tracer) and `bigInt`
// (the library); they refer to the wrapped text `(`+source+`)`, as geth's do. goja's bytecode index `(N)`
// has no V8 equivalent and is left out.

const framePattern = /^\s*at (?:(.*?) \()?((?:<eval>|bigInt):\d+:\d+)\)?$/;

/** The innermost tracer frame of a V8 stack text, or undefined when no tracer code is on the stack. */
export function tracerFrame(stack: string | undefined): string | undefined {
  if (!stack) return undefined;
  for (const line of stack.split('\n')) {
    const m = framePattern.exec(line);
    if (!m) continue;
    const name = functionName(m[1]);
    return name ? `${name} (${m[2]})` : m[2];
  }
  return undefined;
}

/** V8 prints `Object.step` or `new Foo` where goja prints `step` / `Foo`; anonymous frames have no name. */
function functionName(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const bare = raw.replace(/^new /, '').replace(/^async /, '').replace(/ \[as [^\]]+\]$/, '');
  const last = bare.slice(bare.lastIndexOf('.') + 1);
  return last === '<anonymous>' || last === '' ? undefined : last;
}

/** 1-based line:column of a character offset in the wrapped text. */
export function offsetToLocation(text: string, offset: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return `${line}:${offset - lineStart + 1}`;
}
