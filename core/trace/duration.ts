// geth's `timeout` option is a Go duration string ("5s", "1m30s", "500ms"). The local node parses it
// exactly as Go does (with Go's error texts); clients check it, more strictly, before sending.

const units: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, 'μs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Go's time.ParseDuration in milliseconds; throws Go's message, e.g. `time: invalid duration "abc"`. */
export function parseGoDuration(text: string): number {
  const quoted = `"${text}"`;
  let rest = text;
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    if (rest[0] === '-') sign = -1;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') throw new Error(`time: invalid duration ${quoted}`);
  let total = 0;
  while (rest !== '') {
    const number = /^(\d*)(?:\.(\d*))?/.exec(rest)!;
    if (number[0] === '' || number[0] === '.') throw new Error(`time: invalid duration ${quoted}`);
    rest = rest.slice(number[0].length);
    const unit = /^[^\d.]*/.exec(rest)![0];
    if (unit === '') throw new Error(`time: missing unit in duration ${quoted}`);
    const scale = units[unit];
    if (scale === undefined) throw new Error(`time: unknown unit "${unit}" in duration ${quoted}`);
    rest = rest.slice(unit.length);
    total += Number(`${number[1] || '0'}.${number[2] || '0'}`) * scale;
  }
  return sign * total;
}

/** A user's time-out in milliseconds: positive amounts with units only (no sign, no bare 0). */
export function parseDuration(text: string): number {
  const value = text.trim();
  if (!/^(?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+$/.test(value)) {
    throw new Error(`time-out '${text}' is not a duration like 5s, 500ms or 1m30s`);
  }
  return parseGoDuration(value);
}
