import { describe, expect, it } from 'vitest';
import { controllerLabel } from './format';

describe('controller label', () => {
  it('reads "group name - name"', () => {
    expect(controllerLabel({ id: 'c1', group_name: 'Harbor Office Park', name: 'AHU controller' })).toBe('Harbor Office Park - AHU controller');
  });

  it('falls back to the id for a controller without a name', () => {
    expect(controllerLabel({ id: '7b0e9d4e', group_name: 'Root', name: ' ' })).toBe('Root - 7b0e9d4e');
  });
});
