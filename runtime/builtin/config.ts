// A built-in tracer's `tracerConfig` decoded the way geth's json.Unmarshal decodes it into the tracer's Go
// config struct, so a wrong config gets geth's words: absent is `{}`, unknown keys are ignored, keys match
// the field names case-insensitively, `null` leaves a field at its default.

export type ConfigError = { error: string };

/** JSON type words as Go's decoder names them in "cannot unmarshal X into ...". */
function goKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'boolean') return 'bool';
  return typeof value;
}

/** Parses the raw config text; absent or empty text is geth's `{}`. */
export function parseConfig(text: string | undefined): { value: unknown } | ConfigError {
  if (text === undefined || text.trim() === '') return { value: {} };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return { error: `invalid tracerConfig: ${(error as Error).message}` };
  }
}

/** Decodes boolean options into `goType` (e.g. `native.callTracerConfig`); keys absent stay false. */
export function boolOptions<K extends string>(
  text: string | undefined,
  goType: string,
  fields: readonly K[],
): Record<K, boolean> | ConfigError {
  const parsed = parseConfig(text);
  if ('error' in parsed) return parsed;
  const out = Object.fromEntries(fields.map((f) => [f, false])) as Record<K, boolean>;
  const value = parsed.value;
  if (value === null) return out;
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { error: `json: cannot unmarshal ${goKind(value)} into Go value of type ${goType}` };
  }
  for (const [key, item] of Object.entries(value)) {
    const field = fields.find((f) => f === key) ?? fields.find((f) => f.toLowerCase() === key.toLowerCase());
    if (field === undefined || item === null) continue;
    if (typeof item !== 'boolean') {
      return { error: `json: cannot unmarshal ${goKind(item)} into Go struct field ${goType.split('.').pop()}.${field} of type bool` };
    }
    out[field] = item;
  }
  return out;
}
