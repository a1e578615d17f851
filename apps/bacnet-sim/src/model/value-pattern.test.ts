import { describe, expect, it } from 'vitest';
import type { ValuePattern } from '../site.schema.ts';
import { evaluatePattern } from './value-pattern.ts';

describe('value patterns', () => {
  it('constant, sine, ramp and step follow the clock', () => {
    expect(evaluatePattern({ kind: 'constant', value: 3 }, 123_456)).toBe(3);
    const sine = { kind: 'sine', min: 50, max: 70, periodSeconds: 100, phaseSeconds: 0 } as const;
    expect(evaluatePattern(sine, 0)).toBeCloseTo(60);
    expect(evaluatePattern(sine, 25_000)).toBeCloseTo(70);
    expect(evaluatePattern(sine, 75_000)).toBeCloseTo(50);
    const ramp = { kind: 'ramp', from: 0, to: 10, periodSeconds: 10 } as const;
    expect(evaluatePattern(ramp, 2_500)).toBeCloseTo(2.5);
    expect(evaluatePattern(ramp, 12_500)).toBeCloseTo(2.5);
    const step: ValuePattern = { kind: 'step', values: [1, 2, 3], intervalSeconds: 60 };
    expect([0, 60_000, 120_000, 180_000].map((t) => evaluatePattern(step, t))).toEqual([1, 2, 3, 1]);
  });

  it('noise stays within base ± amplitude, moves smoothly and depends on the seed', () => {
    const noise = { kind: 'noise', base: 72, amplitude: 1.5, intervalSeconds: 30 } as const;
    const samples = Array.from({ length: 600 }, (_, i) => evaluatePattern(noise, i * 1000, 7));
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(70.5);
    expect(Math.max(...samples)).toBeLessThanOrEqual(73.5);
    expect(Math.max(...samples) - Math.min(...samples)).toBeGreaterThan(0.5);
    const steps = samples.slice(1).map((v, i) => Math.abs(v - (samples[i] ?? v)));
    expect(Math.max(...steps)).toBeLessThan(0.5);
    expect(evaluatePattern(noise, 12_345, 1)).not.toBe(evaluatePattern(noise, 12_345, 2));
    expect(evaluatePattern(noise, 12_345, 1)).toBe(evaluatePattern(noise, 12_345, 1));
  });
});
