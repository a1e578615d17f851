let names: readonly string[] | undefined;

/** The IANA time zones this server knows (its ICU's canonical names, plus UTC), sorted. */
export function timeZoneNames(): readonly string[] {
  names ??= [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort();
  return names;
}

/**
 * The listed name of an IANA time zone, or null when it is none: a listed name is itself; an alias or a name in
 * another case (US/Eastern, america/new_york, Etc/UTC) is the listed name ICU resolves it to; offsets are refused.
 */
export function canonicalTimeZone(name: string): string | null {
  const listed = new Set(timeZoneNames());
  if (listed.has(name)) return name;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return listed.has(resolved) ? resolved : null;
  } catch {
    return null;
  }
}
