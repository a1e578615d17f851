import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, timeZoneNames } from './time-zones.ts';
import { weatherStationCatalogue } from './weather-station-catalogue.ts';

describe('weather station catalogue', () => {
  it('holds distinct ICAO stations in the United States and Canada, each in a known time zone', () => {
    expect(weatherStationCatalogue.length).toBeGreaterThanOrEqual(40);
    expect(new Set(weatherStationCatalogue.map((s) => s.code)).size).toBe(weatherStationCatalogue.length);
    for (const s of weatherStationCatalogue) {
      expect(s.code).toMatch(/^(K[A-Z]{3}|C[A-Z]{3}|P[AH][A-Z]{2})$/);
      expect(s.latitude, s.code).toBeGreaterThan(18);
      expect(s.latitude, s.code).toBeLessThan(72);
      expect(s.longitude, s.code).toBeGreaterThan(-170);
      expect(s.longitude, s.code).toBeLessThan(-52);
      expect(canonicalTimeZone(s.timezone), s.code).not.toBeNull();
    }
  });

  it('puts Canadian stations north of 42° and Pacific-time stations west of 114°', () => {
    for (const s of weatherStationCatalogue.filter((x) => x.code.startsWith('C'))) expect(s.latitude, s.code).toBeGreaterThan(42);
    for (const s of weatherStationCatalogue.filter((x) => ['America/Los_Angeles', 'America/Vancouver'].includes(x.timezone))) expect(s.longitude, s.code).toBeLessThan(-114);
  });
});

describe('time zones', () => {
  it('lists IANA names with UTC, sorted, and resolves aliases to the listed name', () => {
    const names = timeZoneNames();
    expect(names).toContain('UTC');
    expect(names).toContain('America/New_York');
    expect([...names]).toEqual([...names].sort());
    expect(canonicalTimeZone('America/Chicago')).toBe('America/Chicago');
    expect(canonicalTimeZone('US/Eastern')).toBe('America/New_York');
    expect(canonicalTimeZone('Etc/UTC')).toBe('UTC');
    expect(names).toContain(canonicalTimeZone('America/Indiana/Indianapolis'));
  });

  it('refuses what is no zone', () => {
    for (const bad of ['', 'Mars/Olympus_Mons', '+05:00', 'GMT+5 hours', 'America/']) expect(canonicalTimeZone(bad), bad).toBeNull();
  });
});
