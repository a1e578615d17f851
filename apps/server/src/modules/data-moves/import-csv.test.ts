import { describe, expect, it } from 'vitest';
import { parseTimestamp, parseValue, pcsRowOf, readHeader, vendorRowOf } from './import-csv.ts';
import { monthStartsBetween } from './record-months.ts';

const now = Date.parse('2026-11-22T12:00:00Z');

describe('import rows', () => {
  it('reads times as ISO 8601 (UTC unless zoned) or MM/DD/YYYY hh:mm:ss a', () => {
    expect(parseTimestamp('2026-03-01T00:15:00Z')).toBe(Date.parse('2026-03-01T00:15:00Z'));
    expect(parseTimestamp('2026-03-01 00:15:00')).toBe(Date.parse('2026-03-01T00:15:00Z'));
    expect(parseTimestamp('2026-03-01T00:15')).toBe(Date.parse('2026-03-01T00:15:00Z'));
    expect(parseTimestamp('2026-03-01')).toBe(Date.parse('2026-03-01T00:00:00Z'));
    expect(parseTimestamp('2026-03-01T01:15:00+01:00')).toBe(Date.parse('2026-03-01T00:15:00Z'));
    expect(parseTimestamp('2026-03-01 01:15:00 +01:00')).toBe(Date.parse('2026-03-01T00:15:00Z'));
    expect(parseTimestamp('03/01/2026 12:15:00 AM')).toBe(Date.parse('2026-03-01T00:15:00Z'));
    expect(parseTimestamp('3/1/2026 1:15 pm')).toBe(Date.parse('2026-03-01T13:15:00Z'));
    expect(parseTimestamp('03/01/2026')).toBe(Date.parse('2026-03-01T00:00:00Z'));
    for (const bad of ['', 'yesterday', '2026-13-01', '02/30/2026', '03/01/2026 13:00 PM', '1772323200', '2026-03-01T25:00:00Z']) expect(parseTimestamp(bad), bad).toBeNull();
  });

  it('reads values as numbers or on/off words', () => {
    expect([parseValue('55.5'), parseValue('-1e3'), parseValue('true'), parseValue('OFF'), parseValue('Active')]).toEqual([55.5, -1000, 1, 0, 1]);
    for (const bad of ['', 'warm', 'NaN', 'Infinity', '1,5']) expect(parseValue(bad), bad).toBeNull();
  });

  it('checks a vendor row by its vendor\'s levels', () => {
    const { columns } = readHeader('vendor-point-records', Buffer.from('vendor,id_field_1,id_field_2,id_field_3,timestamp,value\n')) as { columns: Record<string, number> };
    expect(vendorRowOf(['UC', 'Plant', 'CH-1', 'KW', '2026-03-01T00:00:00Z', '300'], columns, now)).toEqual({
      ok: { key: { vendor: 'UC', id_field_1: 'Plant', id_field_2: 'CH-1', id_field_3: 'KW' }, record: { t: Date.parse('2026-03-01T00:00:00Z'), value: 300 } },
    });
    expect(vendorRowOf(['uc', 'Plant', 'CH-1', 'KW', '2026-03-01T00:00:00Z', '300'], columns, now)).toEqual({ error: 'id_field_3 must be empty (vendor uc has two levels)' });
    expect(vendorRowOf(['JCI', 'A', 'x'.repeat(201), '', '2026-03-01T00:00:00Z', '1'], columns, now)).toEqual({ error: 'id_field_2 is longer than 200 characters' });
    expect(vendorRowOf(['JCI', 'A', 'B', '', '2026-11-24T00:00:00Z', '1'], columns, now)).toEqual({ error: 'timestamp 2026-11-24T00:00:00Z is more than 3660 days ago or in the future' });
  });

  it('takes PCS rows with or without a record', () => {
    const { columns } = readHeader('pcs-points', Buffer.from('point_name,site_name,device_name,value,timestamp\n')) as { columns: Record<string, number> };
    expect(pcsRowOf(['kW', 'Site', 'Meter', '', ''], columns, now)).toEqual({ ok: { key: { site_name: 'Site', device_name: 'Meter', point_name: 'kW' }, record: null } });
    expect(pcsRowOf(['kW', 'Site', 'Meter', '12', '2026-03-01T00:00:00Z'], columns, now)).toMatchObject({ ok: { record: { value: 12 } } });
    expect(pcsRowOf(['kW', 'Site', 'Meter', '12', ''], columns, now)).toEqual({ error: 'timestamp "" is not a date and time (ISO 8601, UTC unless it says otherwise)' });
  });

  it('says what is wrong with a header', () => {
    expect(readHeader('pcs-points', Buffer.from('\uFEFFsite_name,device_name,point_name\r\n'))).toEqual({ columns: { site_name: 0, device_name: 1, point_name: 2 } });
    expect(readHeader('pcs-points', Buffer.from('site_name,device_name,device_name,point_name\n'))).toEqual({
      error: 'The header is not right: column device_name appears twice. Expected: site_name,device_name,point_name,[timestamp],[value].',
    });
    expect(readHeader('vendor-point-records', Buffer.from(''))).toEqual({ error: 'The file is empty: the first line must be the header.' });
  });
});

describe('record months', () => {
  it('lists the month starts a range covers, across a year end', () => {
    expect(monthStartsBetween('2025-11-30T23:59:59Z', '2026-02-01T00:00:00Z').map((t) => new Date(t).toISOString().slice(0, 7))).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthStartsBetween('2026-03-05T00:00:00Z', '2026-03-05T00:00:00Z')).toEqual([Date.parse('2026-03-01T00:00:00Z')]);
  });
});
