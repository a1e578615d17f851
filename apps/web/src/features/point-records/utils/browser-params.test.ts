import { describe, expect, it } from 'vitest';
import { recordRangeQuerySchema } from '@syrx/contracts/records';
import { pointReportingLink } from '../../../lib/point-reporting-link';
import { readBrowserParams, resolveDayRange, writeBrowserParams } from './browser-params';
import { recordQuery, recordsCsvHref } from './record-query';

const ahu = { id: 12, controllerName: 'Building A controller', deviceName: 'AHU-1', pointName: 'Supply Air Temp, north' };
const fan = { id: 13, controllerName: 'Building A controller', deviceName: 'AHU-1', pointName: '100% Fan' };
const search = (href: string) => new URLSearchParams(href.split('?')[1]);
const now = new Date('2025-03-07T15:20:00Z');

describe('record browser address', () => {
  it('reads the points and UTC days of the point-reporting link the grids build', () => {
    const link = pointReportingLink({ points: [ahu, fan], fromDate: new Date('2025-03-01T00:00:00Z'), toDate: new Date('2025-03-02T00:00:00Z') }, '');
    const params = readBrowserParams(search(link.href));
    expect(params).toEqual({ kind: 'controller', points: [ahu, fan], ids: [12, 13], fromDay: new Date('2025-03-01T00:00:00Z'), toDay: new Date('2025-03-02T00:00:00Z'), problems: [] });
  });

  it('writes a change back so that it reads the same, keeping other fields', () => {
    const before = new URLSearchParams({ syrxControllerBacnetPointIds: '12,A,B,C', other: 'kept' });
    const after = writeBrowserParams(before, { points: [fan, ahu], days: { fromDay: new Date('2024-12-31T00:00:00Z'), toDay: new Date('2025-01-01T00:00:00Z') } });
    expect(after.get('fromDate')).toBe('12-31-2024');
    expect(after.get('toDate')).toBe('01-01-2025');
    expect(after.get('other')).toBe('kept');
    expect(readBrowserParams(new URLSearchParams(after.toString())).points).toEqual([fan, ahu]);
    expect(before.get('fromDate')).toBeNull();
  });

  it('leaves out repeated points and bad ids, and says which dates it could not read', () => {
    const params = readBrowserParams(new URLSearchParams({ syrxControllerBacnetPointIds: '12,A,B,C,x,A,B,Bad,12,A,B,C', fromDate: '2025-03-01', toDate: '03-02-2025' }));
    expect(params.points.map((p) => p.id)).toEqual([12]);
    expect(params.fromDay).toBeNull();
    expect(params.toDay).toEqual(new Date('2025-03-02T00:00:00Z'));
    expect(params.problems).toEqual(['"Bad" has no valid point id and is left out.', 'fromDate "2025-03-01" is not a date written MM-DD-YYYY; the default is used.']);
  });
});

describe('record browser days', () => {
  it('defaults to yesterday and today in UTC, which hold the last 24 hours', () => {
    const range = resolveDayRange({ fromDay: null, toDay: null }, now);
    expect(range).toMatchObject({ from: '2025-03-06T00:00:00.000Z', to: '2025-03-08T00:00:00.000Z', isDefault: true });
    expect(Date.parse(range.from)).toBeLessThan(now.getTime() - 86_400_000);
  });

  it('includes the whole last day and completes a half-given range', () => {
    const day = (s: string) => new Date(`${s}T00:00:00Z`);
    expect(resolveDayRange({ fromDay: day('2025-03-01'), toDay: day('2025-03-01') }, now)).toMatchObject({ from: '2025-03-01T00:00:00.000Z', to: '2025-03-02T00:00:00.000Z', isDefault: false });
    expect(resolveDayRange({ fromDay: day('2025-03-01'), toDay: null }, now)).toMatchObject({ from: '2025-03-01T00:00:00.000Z', to: '2025-03-08T00:00:00.000Z' });
    expect(resolveDayRange({ fromDay: null, toDay: day('2025-02-10') }, now)).toMatchObject({ from: '2025-02-09T00:00:00.000Z', to: '2025-02-11T00:00:00.000Z' });
    expect(resolveDayRange({ fromDay: day('2025-04-01'), toDay: null }, now)).toMatchObject({ from: '2025-04-01T00:00:00.000Z', to: '2025-04-02T00:00:00.000Z' });
    expect(resolveDayRange({ fromDay: day('2025-03-05'), toDay: day('2025-03-01') }, now)).toMatchObject({ from: '2025-03-01T00:00:00.000Z', to: '2025-03-06T00:00:00.000Z' });
  });
});

describe('record queries', () => {
  it('name the points and range as the server reads them, for the JSON calls and the CSV link alike', () => {
    const range = { kind: 'controller' as const, pointIds: [12, 13], ...resolveDayRange({ fromDay: null, toDay: null }, now) };
    expect(recordRangeQuerySchema.parse(recordQuery(range))).toEqual({ bacnet_point_ids: [12, 13], from: range.from, to: range.to });
    const href = recordsCsvHref(range);
    expect(href.split('?')[0]).toBe('/api/v2/point-records.csv');
    expect(recordRangeQuerySchema.parse(Object.fromEntries(search(href)))).toEqual({ bacnet_point_ids: [12, 13], from: '2025-03-06T00:00:00.000Z', to: '2025-03-08T00:00:00.000Z' });
  });
});
