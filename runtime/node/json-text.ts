// A JSON parser that also remembers the exact source text of every object member's value. geth passes
// `tracerConfig` to the tracer's setup() as its verbatim raw text (spacing included), which JSON.parse loses.

const rawMembers = new WeakMap<object, Map<string, string>>();

/** The source text of `object[key]` as it appeared in the parsed input, if `object` came from parseJson. */
export function rawMember(object: object, key: string): string | undefined {
  return rawMembers.get(object)?.get(key);
}

export class JsonSyntaxError extends Error {}

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
  const value = (): unknown => {
    space();
    const c = text[at];
    if (c === '{') return object();
    if (c === '[') return array();
    if (c === '"') return string();
    if (c === 't') return literal('true', true);
    if (c === 'f') return literal('false', false);
    if (c === 'n') return literal('null', null);
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    return fail(c === undefined ? 'unexpected end of input' : `unexpected character '${c}'`);
  };
  const array = (): unknown[] => {
    const items: unknown[] = [];
    at++;
    space();
    if (text[at] === ']') {
      at++;
      return items;
    }
    for (;;) {
      items.push(value());
      space();
      if (text[at] === ',') at++;
      else if (text[at] === ']') {
        at++;
        return items;
      } else fail("expected ',' or ']'");
    }
  };
  const object = (): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    const raws = new Map<string, string>();
    at++;
    space();
    if (text[at] === '}') {
      at++;
      rawMembers.set(result, raws);
      return result;
    }
    for (;;) {
      space();
      if (text[at] !== '"') fail('expected a property name');
      const key = string();
      space();
      if (text[at] !== ':') fail("expected ':'");
      at++;
      space();
      const start = at;
      const member = value();
      Object.defineProperty(result, key, { value: member, enumerable: true, writable: true, configurable: true });
      raws.set(key, text.slice(start, at));
      space();
      if (text[at] === ',') at++;
      else if (text[at] === '}') {
        at++;
        rawMembers.set(result, raws);
        return result;
      } else fail("expected ',' or '}'");
    }
  };
  const result = value();
  space();
  if (at < text.length) fail('unexpected data after the JSON value');
  return result;
}
