import { describe, expect, it } from 'vitest';
import type { AgentServiceVersion } from '@syrx/contracts/agent-protocol';
import { type FailedVersion, resolveVersion } from './version-resolver.ts';

const v = (version_name: string, sha256 = `sha-of-${version_name}`): AgentServiceVersion => ({ version_name, artifact_id: 1, sha256, size: 10 });
const failed = (version: string, sha256 = `sha-of-${version}`): FailedVersion => ({ version, sha256, reason: 'it exited with code 1', at: '2026-01-01T00:00:00.000Z' });
const published = [v('1.0.0'), v('1.2.0'), v('1.1.0'), v('2.0.0'), v('1.3.0-beta.1')];

describe('the version resolver', () => {
  it('picks the highest published version the range allows, by semver precedence rather than the order sent', () => {
    expect(resolveVersion('^1.0.0', published, [])).toEqual({ kind: 'run', target: v('1.2.0'), skipped: null });
    expect(resolveVersion('>=1.0.0 <2.0.0-0', published, [])).toMatchObject({ target: { version_name: '1.2.0' } });
    expect(resolveVersion('~1.1', published, [])).toMatchObject({ target: { version_name: '1.1.0' } });
    expect(resolveVersion('*', published, [])).toMatchObject({ target: { version_name: '2.0.0' } });
    expect(resolveVersion('1.0.0', published, [])).toMatchObject({ target: { version_name: '1.0.0' } });
  });

  it('takes a prerelease only when the range names one', () => {
    expect(resolveVersion('^1.3.0-beta.0', published, [])).toMatchObject({ target: { version_name: '1.3.0-beta.1' } });
    expect(resolveVersion('>=1.2.1 <2.0.0-0', published, [])).toEqual({ kind: 'no_match' });
  });

  it('leaves the service to the agent when nothing is published, and says so when nothing is in the range', () => {
    expect(resolveVersion('^1.0.0', [], [])).toEqual({ kind: 'built_in' });
    expect(resolveVersion('^3.0.0', published, [])).toEqual({ kind: 'no_match' });
    expect(resolveVersion('not a range', published, [])).toEqual({ kind: 'no_match' });
  });

  it('skips a version that failed here, naming it, and takes the next one down', () => {
    expect(resolveVersion('^1.0.0', published, [failed('1.2.0')])).toEqual({ kind: 'run', target: v('1.1.0'), skipped: failed('1.2.0') });
    // A failure of a version below the target changes nothing.
    expect(resolveVersion('^1.0.0', published, [failed('1.1.0')])).toEqual({ kind: 'run', target: v('1.2.0'), skipped: null });
    expect(resolveVersion('^1.0.0', published, [failed('1.2.0'), failed('1.1.0')])).toEqual({ kind: 'run', target: v('1.0.0'), skipped: failed('1.2.0') });
  });

  it('tries a failed version again once it is published with another package', () => {
    expect(resolveVersion('^1.0.0', [v('1.1.0'), v('1.2.0', 'rebuilt')], [failed('1.2.0')])).toEqual({ kind: 'run', target: v('1.2.0', 'rebuilt'), skipped: null });
  });

  it('holds when every version in the range failed here', () => {
    expect(resolveVersion('~1.2.0', published, [failed('1.2.0')])).toEqual({ kind: 'hold', skipped: failed('1.2.0') });
  });
});
