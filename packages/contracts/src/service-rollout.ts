import { z } from 'zod';
import { satisfiesRange } from './semver-range.ts';

/**
 * Where the agent's updater stands with one enabled service (docs/service-versions.md, "Rollout"): reported in the
 * heartbeat beside the running version, stored on the enabled service, shown in the enabled-services grid.
 * - built_in: no version of the service is published (or it is part of the agent): the agent's own module runs it;
 * - up_to_date: it runs the highest published version that satisfies the assigned range;
 * - updating: it is installing and starting `target_version`;
 * - rolled_back: `target_version` did not become healthy (`reason`); the previous version runs again;
 * - failed: `target_version` could not be installed (download, sha256, package) or nothing could run it; retried later;
 * - no_match: versions are published, but none satisfies the assigned range; what ran keeps running.
 */
export const rolloutStates = ['built_in', 'up_to_date', 'updating', 'rolled_back', 'failed', 'no_match'] as const;
export type RolloutStateName = (typeof rolloutStates)[number];

export const serviceRolloutSchema = z.object({
  state: z.enum(rolloutStates),
  /** The version being installed (updating) or that failed (rolled_back, failed); else null. */
  target_version: z.string().max(100).nullable(),
  reason: z.string().max(2000).nullable(),
  /** When the service entered this state (ISO time). */
  since: z.string().max(40),
});
export type ServiceRollout = z.infer<typeof serviceRolloutSchema>;

/** The rollout as a person reads it: 'up to date', 'updating to 1.2.0', 'rolled back from 1.2.0: <reason>' … */
export function rolloutLabel(r: ServiceRollout): string {
  const target = r.target_version ?? 'a new version';
  const why = r.reason ? `: ${r.reason}` : '';
  switch (r.state) {
    case 'built_in':
      return `built in${why}`;
    case 'up_to_date':
      return 'up to date';
    case 'updating':
      return `updating to ${target}`;
    case 'rolled_back':
      return `rolled back from ${target}${why}`;
    case 'failed':
      return `update to ${target} failed${why}`;
    case 'no_match':
      return 'no published version satisfies the assigned range';
  }
}

/** Drift: the agent reported a version that the assigned range does not allow (nothing reported is no drift). */
export function versionDrift(assignedVersion: string, reportedVersion: string | null): boolean {
  return reportedVersion !== null && !satisfiesRange(reportedVersion, assignedVersion);
}
