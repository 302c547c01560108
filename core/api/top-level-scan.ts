// A fast character scan of a tracer object literal: where each top-level member starts and ends, its key,
// and whether it is a function. Lets completion, hover and signature help parse only the member under
// the cursor (a full parse of a 2,000-line tracer is too slow to do on every keystroke), and works on
// text that does not parse. While brackets are unbalanced (mid-edit), members are found by their lines:
// a line at the members' indentation that starts with a key starts a member, whatever is left open.

export interface TopLevelMember {
  /** The key, when it is a plain name or string. */
  name?: string;
  /** [start, end): from after the `{` or `,` before it to the `,` or `}` after it. */
  start: number;
  end: number;
  callable: boolean;
  /** The type of the value when it is a plain literal (`count: 0`). */
  literal?: 'number' | 'string' | 'boolean';
}

const REGEX_AFTER = new Set(['', '(', ',', '=', ':', '[', '!', '&', '|', '?', '{', '}', ';', '+', '-', '*', '%', '<', '>', '~', '^']);
const REGEX_AFTER_WORD = /(?:^|[^\w$])(?:return|typeof|case|in|of|void|delete|instanceof|new)$/;
const LEADING_COMMENTS = /^(?:\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*\n)*/;
/** A member's key and what follows it (`:`, or `(` of a method). */
const KEY_SOURCE = String.raw`(?:([A-Za-z_$][\w$]*)|'([^'\\]*)'|"([^"\\]*)")\s*(:|\()`;
const KEY = new RegExp(`^\\s*${KEY_SOURCE}`);
const NUMBER = /^-?(?:0x[\da-f]+|\d+(?:\.\d*)?(?:e[+-]?\d+)?)$/i;
const STRING = /^(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")$/;
const BOOLEAN = /^(?:true|false)$/;
const FUNCTION_VALUE = /^\s*(?:async\s+)?(?:function\b|\([^()]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)/;

function isSpace(code: number): boolean {
  return (
    code === 32 ||
    code === 10 ||
    code === 13 ||
    code === 9 ||
    code === 11 ||
    code === 12 ||
    code === 0xa0 ||
    code === 0xfeff ||
    code === 0x2028 ||
    code === 0x2029
  );
}

function isWordChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 36 || code > 127
  );
}

/** Offset after a comment, string, template or regex starting at `i`, or `i` when none starts there. */
function skipAtom(text: string, i: number, previous: string): number {
  const c = text[i];
  if (c !== '/' && c !== "'" && c !== '"' && c !== '`') return i;
  const next = text[i + 1];
  if (c === '/' && next === '/') {
    const end = text.indexOf('\n', i);
    return end < 0 ? text.length : end;
  }
  if (c === '/' && next === '*') {
    const end = text.indexOf('*/', i + 2);
    return end < 0 ? text.length : end + 2;
  }
  if (c === "'" || c === '"') {
    let j = i + 1;
    while (j < text.length && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
    return Math.min(j + 1, text.length);
  }
  if (c === '`') {
    let j = i + 1;
    while (j < text.length && text[j] !== '`') j += text[j] === '\\' ? 2 : 1;
    return Math.min(j + 1, text.length);
  }
  if (c === '/' && (REGEX_AFTER.has(previous) || REGEX_AFTER_WORD.test(text.slice(Math.max(0, i - 12), i).trimEnd()))) {
    let j = i + 1;
    let inClass = false;
    while (j < text.length && text[j] !== '\n' && (inClass || text[j] !== '/')) {
      if (text[j] === '[') inClass = true;
      else if (text[j] === ']') inClass = false;
      j += text[j] === '\\' ? 2 : 1;
    }
    return Math.min(j + 1, text.length);
  }
  return i;
}

/** Offset of the object's `{` after leading whitespace and comments, or -1 when the text starts otherwise. */
function objectStart(text: string): number {
  let i = 0;
  // Leading whitespace and comments, then the object's `{`.
  for (;;) {
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
    const after = text[i] === '/' ? skipAtom(text, i, 'x') : i;
    if (after === i) break;
    i = after;
  }
  return text[i] === '{' ? i : -1;
}

/** The top-level members of the tracer object, or undefined when the text is not an object literal. */
export function scanTopLevel(text: string): TopLevelMember[] | undefined {
  const open = objectStart(text);
  if (open < 0) return undefined;
  const scan = scanMembers(text, open);
  const indent = memberIndent(text, scan.members);
  if (indent === undefined) return scan.members;
  // Lines at the members' indentation that start with a key.
  const keyLines = new RegExp(`^${indent}${KEY_SOURCE}`, 'gm');
  // Balanced (the usual case, and every text that parses): the brackets alone tell the members apart.
  if (scan.closedAt !== undefined && !keyLines.test(text.slice(scan.closedAt + 1))) return scan.members;
  keyLines.lastIndex = open;
  const keys: KeyLine[] = [];
  for (let match = keyLines.exec(text); match; match = keyLines.exec(text))
    keys.push({ line: match.index, key: match.index + indent.length });
  return keys.length > 0 ? scanMembers(text, open, keys).members : scan.members;
}

/** The indentation of the first member whose key starts its line, if any. Only the member's head is
 * read (from the `{`, `,` or line break before it): a text of one long line has no line break to find, and
 * looking back for one from each member took time quadratic in the members. */
function memberIndent(text: string, members: TopLevelMember[]): string | undefined {
  for (const member of members) {
    const head = text.slice(member.start - 1, member.start + 200);
    const key = 1 + LEADING_COMMENTS.exec(head.slice(1))![0].length;
    const lineStart = Math.max(head.lastIndexOf('\n', key - 1), head.lastIndexOf('\r', key - 1)) + 1;
    if (lineStart > 0 && /^[ \t]*$/.test(head.slice(lineStart, key))) return head.slice(lineStart, key);
  }
  return undefined;
}

/** A line at the members' indentation that starts with a key: where the line and the key start. */
interface KeyLine {
  line: number;
  key: number;
}

/** The members from the `{` at `open`. With `keys` (unbalanced text), a key line starts a member even
 * inside brackets left open, and a `}` that would close the object before the last key line is stray. */
function scanMembers(text: string, open: number, keys: KeyLine[] = []): { members: TopLevelMember[]; closedAt?: number } {
  const members: TopLevelMember[] = [];
  let depth = 1;
  let start = open + 1;
  let previous = '{';
  let nextKey = 0; // the first of `keys` not passed yet
  let keyAt = keys[0]?.key ?? Infinity; // where it is
  const close = (end: number) => {
    const head = text.slice(start, Math.min(end, start + 200)).replace(LEADING_COMMENTS, '');
    const key = KEY.exec(head);
    const callable = key !== null && (key[4] === '(' || FUNCTION_VALUE.test(head.slice(key[0].length)));
    const value = key && key[4] === ':' ? head.slice(key[0].length).trim() : '';
    const literal = NUMBER.test(value) ? 'number' : STRING.test(value) ? 'string' : BOOLEAN.test(value) ? 'boolean' : undefined;
    members.push({ name: key ? (key[1] ?? key[2] ?? key[3]) : undefined, start, end, callable, ...(literal ? { literal } : {}) });
  };
  for (let i = open + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isSpace(code)) continue;
    if (i >= keyAt) {
      while (nextKey < keys.length && keys[nextKey].key < i) nextKey++; // passed inside a comment or string
      if (keys[nextKey]?.key === i) {
        if (depth !== 1) {
          close(keys[nextKey].line);
          start = keys[nextKey].line;
          depth = 1;
        }
        nextKey++;
      }
      keyAt = keys[nextKey]?.key ?? Infinity;
    }
    const skipped = code === 47 /* / */ || code === 39 || code === 34 || code === 96 ? skipAtom(text, i, previous) : i;
    if (skipped !== i) {
      // A comment is not an operand: a `/` after it is read as after what came before the comment.
      if (code !== 47 || (text[i + 1] !== '/' && text[i + 1] !== '*')) previous = 'x';
      i = skipped - 1;
      continue;
    }
    if (isWordChar(code)) {
      previous = 'x';
      continue;
    }
    const c = text[i];
    if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') depth--;
    if (depth === 1 && c === ',') {
      close(i);
      start = i + 1;
    } else if (depth === 0 && nextKey < keys.length) {
      depth = 1; // a stray closer: members follow
    } else if (depth === 0) {
      close(i);
      return { members, closedAt: i };
    }
    previous = c;
  }
  close(text.length);
  return { members };
}

/** The member whose span holds `offset` (a cursor right after a `,` belongs to the next member). */
export function memberAt(members: TopLevelMember[], offset: number): TopLevelMember | undefined {
  return members.find((m) => m.start <= offset && offset <= m.end);
}

/** The text with everything but `member` blanked, kept as an object literal so offsets stay the same. */
export function isolate(text: string, member: TopLevelMember): string {
  return ' '.repeat(member.start - 1) + '{' + text.slice(member.start, member.end) + '}';
}
