// geth's `timeout` option is a Go duration string ("5s", "1m30s", "500ms"). The local node parses it
// exactly as Go does (with Go's error texts); clients check it, more strictly, before sending.

/** Nanoseconds per unit, as Go's time.ParseDuration knows them. */
const units: Record<string, bigint> = {
  ns: 1n,
  us: 1_000n,
  µs: 1_000n,
  μs: 1_000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

/** Go counts in an unsigned 64-bit integer and refuses anything past 2^63 (the magnitude of math.MinInt64). */
const limit = 1n << 63n;

/** The longest delay a Node.js timer takes; a longer one fires at once (TimeoutOverflowWarning). */
export const maxTimerMs = 2 ** 31 - 1;

/** Go's time-package quoting: bytes of control and non-ASCII characters as \xNN, `"` and `\` escaped. */
function quote(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || code >= 0x80)
      out += [...Buffer.from(char, 'utf8')].map((byte) => `\\x${byte.toString(16).padStart(2, '0')}`).join('');
    else out += char === '"' || char === '\\' ? `\\${char}` : char;
  }
  return `"${out}"`;
}

/**
 * Go's time.ParseDuration in milliseconds; throws Go's message, e.g. `time: invalid duration "abc"`.
 * Counts in nanoseconds as Go does, so what overflows Go's int64 (over ~2562047h) is refused as Go refuses it.
 */
export function parseGoDuration(text: string): number {
  const invalid = () => new Error(`time: invalid duration ${quote(text)}`);
  let rest = text;
  let negative = false;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    negative = rest[0] === '-';
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') throw invalid();
  let total = 0n;
  while (rest !== '') {
    const number = /^(\d*)(?:\.(\d*))?/.exec(rest)!;
    if (number[0] === '' || number[0] === '.') throw invalid();
    rest = rest.slice(number[0].length);
    const unit = /^[^\d.]*/.exec(rest)![0];
    if (unit === '') throw new Error(`time: missing unit in duration ${quote(text)}`);
    const scale = units[unit];
    if (scale === undefined) throw new Error(`time: unknown unit ${quote(unit)} in duration ${quote(text)}`);
    rest = rest.slice(unit.length);
    const whole = BigInt(number[1] || '0');
    if (whole > limit || whole > limit / scale) throw invalid();
    let value = whole * scale;
    // Go keeps fraction digits only while they fit in its integer, then scales in float64: so do we.
    let fraction = 0n;
    let divisor = 1;
    for (const digit of number[2] ?? '') {
      const next = fraction * 10n + BigInt(digit);
      if (next > limit) break;
      fraction = next;
      divisor *= 10;
    }
    if (fraction > 0n) value += BigInt(Math.trunc(Number(fraction) * (Number(scale) / divisor)));
    total += value;
    if (value > limit || total > limit) throw invalid();
  }
  if (!negative && total === limit) throw invalid();
  return ((negative ? -1 : 1) * Number(total)) / 1e6;
}

/** A user's time-out in milliseconds: positive amounts with units only (no sign, no bare 0). */
export function parseDuration(text: string): number {
  const value = text.trim();
  if (!/^(?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+$/.test(value)) {
    throw new Error(`time-out '${text}' is not a duration like 5s, 500ms or 1m30s`);
  }
  try {
    return parseGoDuration(value);
  } catch {
    throw new Error(`time-out '${text}' is too long: a duration is at most 2562047h47m16.854775807s`);
  }
}

/**
 * A time-out as a timer delay: at most `maxTimerMs` (about 24.8 days), so that a longer one (say "1000h", meaning
 * "no real limit") waits that long instead of firing at once.
 */
export function timerDelay(ms: number): number {
  return Math.min(ms, maxTimerMs);
}
