// geth's `timeout` option is a Go duration string ("5s", "1m30s", "500ms"): checked here before sending.

const units: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Milliseconds in a Go duration string; throws a clear error for anything else. */
export function parseDuration(text: string): number {
  const value = text.trim();
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== value) {
    throw new Error(`time-out '${text}' is not a duration like 5s, 500ms or 1m30s`);
  }
  return parts.reduce((total, [, amount, unit]) => total + Number(amount) * units[unit], 0);
}
