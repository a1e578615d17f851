import { describe, expect, it } from 'vitest';
import { parseReportingPointIds, pointReportingLink, reportingPointIds } from './point-reporting-link';

const points = [
  { id: 12, controllerName: 'Main Hospital - AHU controller', deviceName: 'EMS-1', pointName: 'Zone Temp, North' },
  { id: 13, controllerName: 'Main Hospital - AHU controller', deviceName: 'EMS-1', pointName: '100% OA' },
];

describe('point-reporting link', () => {
  it('leads to the legacy vendor point record browser with the points and UTC dates', () => {
    const link = pointReportingLink({ points: points.slice(0, 1), fromDate: new Date(Date.UTC(2025, 0, 31, 23)), toDate: new Date(Date.UTC(2025, 1, 2)) }, 'https://legacy.example.com/');
    expect(link.external).toBe(true);
    const [path, query = ''] = link.href.split('?');
    expect(path).toBe('https://legacy.example.com/#/point_reporting/vendor_point_record_browser');
    const params = new URLSearchParams(query);
    expect(params.get('syrxControllerBacnetPointIds')).toBe('12,Main Hospital - AHU controller,EMS-1,Zone Temp%2C North');
    expect(params.get('fromDate')).toBe('01-31-2025');
    expect(params.get('toDate')).toBe('02-02-2025');
  });

  it('leads to our own /point-reporting route without a legacy app, leaving out absent dates', () => {
    const link = pointReportingLink({ points }, '');
    expect(link).toMatchObject({ external: false });
    expect(link.href.startsWith('/point-reporting?syrxControllerBacnetPointIds=12%2CMain+Hospital')).toBe(true);
    expect(link.href).not.toContain('fromDate');
  });

  it('reads back the points, names with commas and percent signs included', () => {
    const value = new URLSearchParams(pointReportingLink({ points }, '').href.split('?')[1]).get('syrxControllerBacnetPointIds') ?? '';
    expect(value).toBe(reportingPointIds(points));
    expect(parseReportingPointIds(value)).toEqual(points);
    expect(parseReportingPointIds('')).toEqual([]);
  });
});
