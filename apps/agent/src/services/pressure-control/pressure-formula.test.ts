import { describe, expect, it } from 'vitest';
import { computePnorm, normalisedPressure, rankine, stackPressure } from './pressure-formula.ts';
import { pascalsPerInchWc } from './pressure-units.ts';

// Expected values were worked out by hand (Python) from docs/pressure-control.md, not with this module.
const winter = { outdoorF: 20, indoorF: 70 };

describe('stack pressure', () => {
  it('is 7.64 · Δh · (1/T_out − 1/T_in) in in. w.c. with temperatures in °R', () => {
    expect(rankine(0)).toBe(459.67);
    expect(stackPressure({ heightFt: 112, neutralPlaneFt: 60, ...winter })).toBeCloseTo(0.07818415985150763, 12);
  });

  it('pressurises above the neutral plane and depressurises below it in the heating season, and reverses in the cooling season', () => {
    expect(stackPressure({ heightFt: 172, neutralPlaneFt: 88, ...winter })).toBeGreaterThan(0);
    expect(stackPressure({ heightFt: 4, neutralPlaneFt: 88, ...winter })).toBeLessThan(0);
    expect(stackPressure({ heightFt: 88, neutralPlaneFt: 88, ...winter })).toBe(0);
    expect(stackPressure({ heightFt: 172, neutralPlaneFt: 88, outdoorF: 70, indoorF: 70 })).toBe(0);
    expect(stackPressure({ heightFt: 172, neutralPlaneFt: 88, outdoorF: 95, indoorF: 75 })).toBeLessThan(0);
  });

  it('is symmetric about the neutral plane', () => {
    const up = stackPressure({ heightFt: 88 + 84, neutralPlaneFt: 88, ...winter });
    const down = stackPressure({ heightFt: 88 - 84, neutralPlaneFt: 88, ...winter });
    expect(up).toBeCloseTo(-down, 15);
  });

  it('agrees with the SI form (3460 · Δh[m] · (1/T_out − 1/T_in)[K] Pa) to within 0.5 %', () => {
    const kelvin = (f: number) => ((f - 32) * 5) / 9 + 273.15;
    const si = (3460 * 52 * 0.3048 * (1 / kelvin(20) - 1 / kelvin(70))) / pascalsPerInchWc;
    const imperial = stackPressure({ heightFt: 112, neutralPlaneFt: 60, ...winter });
    expect(Math.abs(si - imperial) / imperial).toBeLessThan(0.005);
  });
});

describe('Pnorm', () => {
  it('subtracts the stack component from each measured pressure', () => {
    expect(normalisedPressure(0.06, { heightFt: 172, neutralPlaneFt: 88, ...winter })).toBeCloseTo(-0.06629748899089696, 12);
  });

  it('is the mean of the normalised pressures of the demo building\'s four transmitters', () => {
    const readings = [
      { id: 1, heightFt: 4, pressure: -0.05 },
      { id: 2, heightFt: 52, pressure: -0.02 },
      { id: 3, heightFt: 112, pressure: 0.03 },
      { id: 4, heightFt: 172, pressure: 0.06 },
    ];
    const r = computePnorm(readings, { neutralPlaneFt: 88, ...winter });
    expect(r.transmitters.map((t) => t.id)).toEqual([1, 2, 3, 4]);
    expect(r.transmitters.map((t) => t.pressure)).toEqual([-0.05, -0.02, 0.03, 0.06]);
    const expected = [0.07629748899089696, 0.03412749528181297, -0.006084996854541988, -0.06629748899089696];
    r.transmitters.forEach((t, i) => expect(t.normalized).toBeCloseTo(expected[i] ?? NaN, 12));
    expect(r.pnorm).toBeCloseTo(0.009510624606817744, 12);
  });

  it('averages only the transmitters given (those that answered); none gives no Pnorm', () => {
    const one = computePnorm([{ id: 4, heightFt: 172, pressure: 0.06 }], { neutralPlaneFt: 88, ...winter });
    expect(one.pnorm).toBeCloseTo(-0.06629748899089696, 12);
    expect(computePnorm([], { neutralPlaneFt: 88, ...winter })).toEqual({ transmitters: [], pnorm: null });
  });

  it('refuses temperatures at or below absolute zero and values that are not numbers', () => {
    expect(() => computePnorm([], { neutralPlaneFt: 88, outdoorF: -459.67, indoorF: 70 })).toThrow(RangeError);
    expect(() => computePnorm([], { neutralPlaneFt: Number.NaN, ...winter })).toThrow(RangeError);
    expect(() => computePnorm([{ id: 1, heightFt: 4, pressure: Number.POSITIVE_INFINITY }], { neutralPlaneFt: 88, ...winter })).toThrow(/Transmitter 1/);
  });
});
