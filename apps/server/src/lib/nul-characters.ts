/**
 * U+0000 in text: PostgreSQL can store it neither in `text` nor in `jsonb`, so a statement carrying one fails. A
 * browser's or a script's request that holds one is refused with a 400 naming the field (plugins/input-guards.ts,
 * nulPath); an agent's payload is cleaned instead (withoutNul): its text comes from BACnet devices, some of which pad
 * their names with NULs as C strings, and from the logs of its services — nothing the agent can correct, and a refused
 * upload stays at the head of the agent's queue, sent again for ever.
 */

/** The path of the first string holding U+0000 in a parsed value, or null. Keys are not looked at. */
export function nulPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '(value)' : null;
  // A raw body (a service package, a CSV file) is bytes for its route to read, not fields: walking its entries one by
  // one took 17 s for a 9 MB package.
  if (ArrayBuffer.isView(value)) return null;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = nulPath(v, `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const found = nulPath(v, path ? `${path}.${k}` : k);
      if (found) return found;
    }
  }
  return null;
}

const strip = (s: string) => (s.includes('\u0000') ? s.replaceAll('\u0000', '') : s);

/**
 * A freshly parsed value (JSON from a socket) without U+0000 in any string or key: cleaned in place, so a payload
 * without one (nearly all) costs one walk and no allocation. Answers the value, which is a new string when it was one.
 */
export function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return strip(value);
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (v !== null && (typeof v === 'string' || typeof v === 'object')) value[i] = withoutNul(v);
    }
    return value;
  }
  const o = value as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    const v = o[k];
    const cleaned = v !== null && (typeof v === 'string' || typeof v === 'object') ? withoutNul(v) : v;
    const key = strip(k);
    if (key !== k) {
      delete o[k];
      // An own property, as JSON.parse makes it, even for a key that ends up "__proto__".
      Object.defineProperty(o, key, { value: cleaned, enumerable: true, writable: true, configurable: true });
    } else if (cleaned !== v) {
      o[k] = cleaned;
    }
  }
  return o;
}
