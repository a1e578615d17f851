import { describe, expect, it } from 'vitest';
import { defaultAssignedRange, resolvedVersion } from './semver-range.ts';

describe('the range a newly enabled service is offered', () => {
  it('is the current major’s, normalised: the built-in 1.0.0’s while nothing is published', () => {
    expect(defaultAssignedRange()).toBe('>=1.0.0 <2.0.0-0');
    expect(defaultAssignedRange(['1.2.0', '2.1.3', '2.0.0', 'junk'])).toBe('>=2.0.0 <3.0.0-0');
  });
});

describe('what a range resolves to', () => {
  it('is the built-in version while nothing is published, saying whether the range allows it', () => {
    expect(resolvedVersion('>=1.0.0 <2.0.0-0', [])).toEqual({ version: '1.0.0', builtIn: true, fits: true });
    expect(resolvedVersion('^2', [])).toEqual({ version: '1.0.0', builtIn: true, fits: false });
  });

  it('is the highest published version the range allows, or none', () => {
    expect(resolvedVersion('^1', ['1.0.0', '1.4.2', '2.0.0'])).toEqual({ version: '1.4.2', builtIn: false, fits: true });
    expect(resolvedVersion('^3', ['1.0.0', '2.0.0'])).toBeNull();
    expect(resolvedVersion('banana', [])).toBeNull();
  });
});
