import type { AgentServiceVersion } from '@syrx/contracts/agent-protocol';
import { highestSatisfying } from '@syrx/contracts/semver-range';

/** A version this controller tried and gave up on (it did not become healthy, or its package is unusable). */
export interface FailedVersion {
  version: string;
  /** The package that failed: the same version published again with another package is tried again. */
  sha256: string;
  reason: string;
  /** ISO time. */
  at: string;
}

/**
 * What the updater should run for one enabled service:
 * - built_in: nothing is published, the agent's own module runs it;
 * - no_match: versions are published but none satisfies the range;
 * - run: `target`, the highest version in the range that has not failed here; `skipped` is the failure of a higher
 *   one in the range when there is one (the rollout then reads "rolled back from …");
 * - hold: every version in the range failed here; `skipped` is the highest.
 */
export type Resolution =
  | { kind: 'built_in' }
  | { kind: 'no_match' }
  | { kind: 'run'; target: AgentServiceVersion; skipped: FailedVersion | null }
  | { kind: 'hold'; skipped: FailedVersion };

/** Resolves the assigned range against the published versions (semver precedence, prereleases only when the range names them). */
export function resolveVersion(range: string, versions: readonly AgentServiceVersion[], failed: readonly FailedVersion[]): Resolution {
  if (versions.length === 0) return { kind: 'built_in' };
  const failureOf = (v: AgentServiceVersion) => failed.find((f) => f.version === v.version_name && f.sha256 === v.sha256) ?? null;
  const byName = (name: string | null) => versions.find((v) => v.version_name === name) ?? null;
  const best = byName(highestSatisfying(versions.map((v) => v.version_name), range));
  if (!best) return { kind: 'no_match' };
  const usable = versions.filter((v) => failureOf(v) === null);
  const target = byName(highestSatisfying(usable.map((v) => v.version_name), range));
  const skipped = failureOf(best);
  if (!target) return { kind: 'hold', skipped: skipped ?? { version: best.version_name, sha256: best.sha256, reason: 'failed', at: new Date(0).toISOString() } };
  return { kind: 'run', target, skipped };
}
