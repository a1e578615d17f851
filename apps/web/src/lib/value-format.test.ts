import { describe, expect, it } from 'vitest';
import { formatPointValue } from './value-format';

describe('point value format', () => {
  it('rounds 32-bit float noise to three decimals and keeps whole numbers whole', () => {
    expect(formatPointValue(72.30000305175781)).toBe('72.3');
    expect(formatPointValue(1)).toBe('1');
    expect(formatPointValue(-0.0004)).toBe('0');
    expect(formatPointValue(-2.5)).toBe('-2.5');
    expect(formatPointValue(12345.6789)).toBe('12345.679');
  });

  it('is empty without a value', () => {
    expect(formatPointValue(null)).toBe('');
    expect(formatPointValue(undefined)).toBe('');
  });
});
