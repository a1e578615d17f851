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
