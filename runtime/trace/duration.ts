// Go's time.ParseDuration (geth's `timeout` option) with Go's error texts, e.g.
// `time: invalid duration "abc"`, `time: missing unit in duration "5"`.
const units: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, 'μs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Milliseconds; throws an Error with Go's message for malformed text. */
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
