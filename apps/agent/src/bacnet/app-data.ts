/** Turns the library's decoded values into plain JSON for the console (dates as ISO text, buffers as hex). */
export function toJsonValue(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') return v.toString();
  if (v instanceof Date) return v.toISOString();
  if (Buffer.isBuffer(v)) return v.toString('hex');
  if (Array.isArray(v)) return v.map(toJsonValue);
  if (typeof v === 'object') return Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'raw').map(([k, x]) => [k, toJsonValue(x)]));
  return v;
}

/** The plain value of a single decoded application value ({type, value}). */
export function plainValue(values: readonly { value?: unknown }[] | undefined): unknown {
  if (!values || values.length === 0) return null;
  if (values.length === 1) return toJsonValue(values[0]?.value);
  return values.map((x) => toJsonValue(x.value));
}

/** The text of a property read (a character string), or null when it failed or is not text. */
export function textOf(r: { ok: true; values: readonly { value?: unknown }[] } | { ok: false }): string | null {
  const v = r.ok ? r.values[0]?.value : undefined;
  return typeof v === 'string' ? v : null;
}

/** The number of a property read (unsigned, enumerated, real), or null when it failed or is not a number. */
export function numberOf(r: { ok: true; values: readonly { value?: unknown }[] } | { ok: false }): number | null {
  const v = r.ok ? r.values[0]?.value : undefined;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}
