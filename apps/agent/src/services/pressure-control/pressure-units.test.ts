import { describe, expect, it } from 'vitest';
import { fromInchesWc, toFahrenheit, toInchesWc, units, unitsFromName, UnitsError } from './pressure-units.ts';

describe('temperature units', () => {
  it('converts °C and K to °F, and takes °F, no-units and unknown units as °F', () => {
    expect(toFahrenheit(-6.5, units.degreesCelsius)).toBeCloseTo(20.3, 12);
    expect(toFahrenheit(100, units.degreesCelsius)).toBeCloseTo(212, 12);
    expect(toFahrenheit(273.15, units.degreesKelvin)).toBeCloseTo(32, 12);
    expect(toFahrenheit(0, units.degreesKelvin)).toBeCloseTo(-459.67, 12);
    expect(toFahrenheit(41.5, units.degreesFahrenheit)).toBe(41.5);
    expect(toFahrenheit(41.5, units.noUnits)).toBe(41.5);
    expect(toFahrenheit(41.5, null)).toBe(41.5);
  });

  it('refuses an OAT point in other units, naming them', () => {
    expect(() => toFahrenheit(50, 29, 'WS-1 humidity')).toThrow(UnitsError);
    expect(() => toFahrenheit(50, 29, 'WS-1 humidity')).toThrow(/^WS-1 humidity is in PERCENT_RELATIVE_HUMIDITY;/);
    expect(() => toFahrenheit(0.05, units.inchesOfWater)).toThrow(/INCHES_OF_WATER/);
  });
});

describe('pressure units', () => {
  it('converts Pa, hPa, mbar and kPa to in. w.c. (1 in. w.c. = 248.84 Pa)', () => {
    expect(toInchesWc(248.84, units.pascals)).toBeCloseTo(1, 12);
    expect(toInchesWc(-12.442, units.pascals)).toBeCloseTo(-0.05, 12);
    expect(toInchesWc(2.4884, units.hectopascals)).toBeCloseTo(1, 12);
    expect(toInchesWc(2.4884, units.millibars)).toBeCloseTo(1, 12);
    expect(toInchesWc(0.24884, units.kilopascals)).toBeCloseTo(1, 12);
    expect(toInchesWc(0.03, units.inchesOfWater)).toBe(0.03);
    expect(toInchesWc(0.03, null)).toBe(0.03);
  });

  it('writes back in the output point\'s units', () => {
    expect(fromInchesWc(0.01, units.pascals)).toBeCloseTo(2.4884, 12);
    expect(fromInchesWc(0.01, units.kilopascals)).toBeCloseTo(0.0024884, 12);
    expect(fromInchesWc(0.01, units.inchesOfWater)).toBe(0.01);
    expect(fromInchesWc(toInchesWc(7.5, units.hectopascals), units.hectopascals)).toBeCloseTo(7.5, 12);
  });

  it('refuses a transmitter in other units', () => {
    expect(() => toInchesWc(29.9, 61, 'BPT-9')).toThrow(/^BPT-9 is in INCHES_OF_MERCURY/);
    expect(() => fromInchesWc(0.01, units.degreesFahrenheit)).toThrow(UnitsError);
  });
});

describe('units named by the point list', () => {
  it('maps enumeration names to numbers, "UNITS_n" to n, and anything else to null', () => {
    expect(unitsFromName('INCHES_OF_WATER')).toBe(units.inchesOfWater);
    expect(unitsFromName('DEGREES_CELSIUS')).toBe(units.degreesCelsius);
    expect(unitsFromName('HECTOPASCALS')).toBe(units.hectopascals);
    expect(unitsFromName('UNITS_300')).toBe(300);
    expect(unitsFromName(null)).toBeNull();
    expect(unitsFromName('furlongs')).toBeNull();
  });
});
