// A JSON parser that also remembers the exact source text of every object member's value. geth passes
// `tracerConfig` to the tracer's setup() as its verbatim raw text (spacing included), which JSON.parse loses.
// It keeps open arrays and objects on an explicit stack instead of recursing, so deeply nested input from a
// client cannot overflow the call stack. Nesting is still capped (a syntax error beyond it, as Go's decoder
// does at 10000): far deeper than any request needs, and shallow enough for the recursive code that later
// walks the values (JSON.stringify in error messages overflows V8's stack at a few thousand levels).

const rawMembers = new WeakMap<object, Map<string, string>>();

/** The source text of `object[key]` as it appeared in the parsed input, if `object` came from parseJson. */
export function rawMember(object: object, key: string): string | undefined {
  return rawMembers.get(object)?.get(key);
}

export class JsonSyntaxError extends Error {}

const maxJsonDepth = 1000;

/** An array being filled, or an object with the member whose value is being parsed (`start`: its offset). */
type Open = { items: unknown[] } | { object: Record<string, unknown>; raws: Map<string, string>; key: string; start: number };

export function parseJson(text: string): unknown {
  let at = 0;
  const fail = (what: string): never => {
    throw new JsonSyntaxError(`${what} at offset ${at}`);
  };
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at])) at++;
  };
  const literal = (word: string, value: unknown) => {
    if (text.startsWith(word, at)) {
      at += word.length;
      return value;
    }
    return fail('invalid literal');
  };
  const string = (): string => {
    const start = at;
    at++;
    while (at < text.length && text[at] !== '"') {
      if (text[at] === '\\') at++;
      else if (text.charCodeAt(at) < 0x20) fail('control character in string');
      at++;
    }
    if (at >= text.length) fail('unterminated string');
    at++;
    try {
      return JSON.parse(text.slice(start, at)) as string;
    } catch {
      return fail('invalid string escape');
    }
  };
  const number = (): number => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at, at + 400));
    if (!match) return fail('invalid number');
    at += match[0].length;
    return Number(match[0]);
  };
  const scalar = (): unknown => {
    const c = text[at];
    if (c === '"') return string();
    if (c === 't') return literal('true', true);
    if (c === 'f') return literal('false', false);
    if (c === 'n') return literal('null', null);
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    return fail(c === undefined ? 'unexpected end of input' : `unexpected character '${c}'`);
  };
  /** `"key":` and the space after it; the value follows. */
  const memberName = (): string => {
    space();
    if (text[at] !== '"') fail('expected a property name');
    const key = string();
    space();
    if (text[at] !== ':') fail("expected ':'");
    at++;
    space();
    return key;
  };
  const closeObject = (object: Record<string, unknown>, raws: Map<string, string>) => {
    rawMembers.set(object, raws);
    return object;
  };

  const stack: Open[] = [];
  for (;;) {
    // One value starts here: a scalar, an empty container, or the first element/member of a container.
    space();
    let value: unknown;
    const c = text[at];
    if (c === '[' || c === '{') {
      if (stack.length >= maxJsonDepth) fail(`exceeded max depth ${maxJsonDepth}`);
      at++;
      space();
      if (c === '[') {
        if (text[at] !== ']') {
          stack.push({ items: [] });
          continue;
        }
        at++;
        value = [];
      } else {
        if (text[at] !== '}') {
          const key = memberName();
          stack.push({ object: {}, raws: new Map(), key, start: at });
          continue;
        }
        at++;
        value = closeObject({}, new Map());
      }
    } else value = scalar();

    // The value is complete: add it to the innermost open container, closing containers that end here.
    for (;;) {
      const open = stack.at(-1);
      if (!open) {
        space();
        if (at < text.length) fail('unexpected data after the JSON value');
        return value;
      }
      if ('items' in open) open.items.push(value);
      else {
        Object.defineProperty(open.object, open.key, { value, enumerable: true, writable: true, configurable: true });
        open.raws.set(open.key, text.slice(open.start, at));
      }
      space();
      if (text[at] === ',') {
        at++;
        if (!('items' in open)) {
          open.key = memberName();
          open.start = at;
        }
        break;
      }
      if ('items' in open ? text[at] !== ']' : text[at] !== '}') fail('items' in open ? "expected ',' or ']'" : "expected ',' or '}'");
      at++;
      stack.pop();
      value = 'items' in open ? open.items : closeObject(open.object, open.raws);
    }
  }
}
