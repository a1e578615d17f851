import semver from 'semver';
import { z } from 'zod';
import { toCanonical } from './fields.ts';

export const semverMessages = { required: 'Required', invalid: 'Not a valid semver range' } as const;

/** The normalised form of a semver range ("^1.2" → ">=1.2.0 <2.0.0-0"), or null when it is not one. */
export function normaliseSemverRange(range: string): string | null {
  const trimmed = range.trim();
  if (!trimmed) return null;
  return semver.validRange(trimmed);
}

/** An assigned version: required, a valid semver range, stored normalised. */
export const assignedVersionSchema = z
  .string({ error: semverMessages.required })
  .trim()
  .min(1, semverMessages.required)
  .transform(toCanonical(normaliseSemverRange, semverMessages.invalid));

/** Whether a version satisfies a range; false when either is not valid semver. Prereleases only when the range names them. */
export function satisfiesRange(version: string, range: string): boolean {
  return semver.valid(version) !== null && semver.validRange(range) !== null && semver.satisfies(version, range);
}

/** The highest of `versions` that satisfies `range` (semver precedence), or null when none does. */
export function highestSatisfying(versions: readonly string[], range: string): string | null {
  if (semver.validRange(range) === null) return null;
  return semver.maxSatisfying(versions.filter((v) => semver.valid(v) !== null), range);
}

/** The version of every service built into the agent: what a controller runs while no version of it is published. */
export const builtInServiceVersion = '1.0.0';

/**
 * The range a service is offered when it is enabled: the current major's (^M.0.0, normalised), M the major of the
 * highest published version, or of the built-in version while none is published ('>=1.0.0 <2.0.0-0').
 */
export function defaultAssignedRange(published: readonly string[] = []): string {
  const valid = published.filter((v) => semver.valid(v) !== null);
  const current = semver.maxSatisfying(valid, '*', { includePrerelease: true }) ?? builtInServiceVersion;
  return normaliseSemverRange(`^${semver.major(current)}.0.0`) as string;
}

/**
 * What a controller runs for a range: the highest published version it allows; while none is published, the built-in
 * version (whether or not the range allows it: fits says). Null when versions are published but none fits.
 */
export function resolvedVersion(range: string, published: readonly string[]): { version: string; builtIn: boolean; fits: boolean } | null {
  if (semver.validRange(range) === null) return null;
  if (published.length === 0) return { version: builtInServiceVersion, builtIn: true, fits: satisfiesRange(builtInServiceVersion, range) };
  const highest = highestSatisfying(published, range);
  return highest === null ? null : { version: highest, builtIn: false, fits: true };
}
