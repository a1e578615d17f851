import { describe, expect, it } from 'vitest';
import { rolloutLabel, versionDrift } from './service-rollout.ts';

const at = '2026-03-07T14:05:00.000Z';

describe('service rollout', () => {
  it('reads as a person says it', () => {
    expect(rolloutLabel({ state: 'up_to_date', target_version: null, reason: null, since: at })).toBe('up to date');
    expect(rolloutLabel({ state: 'updating', target_version: '1.2.0', reason: null, since: at })).toBe('updating to 1.2.0');
    expect(rolloutLabel({ state: 'rolled_back', target_version: '1.2.0', reason: 'it exited with code 1', since: at })).toBe('rolled back from 1.2.0: it exited with code 1');
    expect(rolloutLabel({ state: 'failed', target_version: '1.3.0', reason: 'sha256 mismatch', since: at })).toBe('update to 1.3.0 failed: sha256 mismatch');
    expect(rolloutLabel({ state: 'built_in', target_version: null, reason: null, since: at })).toBe('built in');
    expect(rolloutLabel({ state: 'no_match', target_version: null, reason: null, since: at })).toBe('no published version satisfies the assigned range');
  });

  it('calls a reported version outside the assigned range drift, and nothing reported none', () => {
    expect(versionDrift('>=1.0.0 <2.0.0-0', '1.1.0')).toBe(false);
    expect(versionDrift('>=2.0.0 <3.0.0-0', '1.1.0')).toBe(true);
    expect(versionDrift('>=1.0.0 <2.0.0-0', '1.2.0-beta.1')).toBe(true);
    expect(versionDrift('>=1.0.0 <2.0.0-0', 'unknown')).toBe(true);
    expect(versionDrift('>=1.0.0 <2.0.0-0', null)).toBe(false);
  });
});
