import { formatUtcDay } from './date-format';

/** A point as the point-reporting link names it (spec 01 section 2). */
export interface ReportingPointRef {
  id: number;
  controllerName: string;
  deviceName: string;
  pointName: string;
}

export interface ReportingLinkInput {
  points: readonly ReportingPointRef[];
  fromDate?: Date | null;
  toDate?: Date | null;
}

/** Our own point-reporting route, used while no legacy app is deployed. */
export const pointReportingPath = '/point-reporting';
const legacyPath = '/#/point_reporting/vendor_point_record_browser';

// The value is one comma-separated list of four fields per point; a comma (or %) inside a name is escaped so the
// list still splits into fields, and the reader decodes each field.
const escapeField = (s: string) => s.replaceAll('%', '%25').replaceAll(',', '%2C');

/** syrxControllerBacnetPointIds: per point "id, controller name, device name, point name", joined by commas. */
export const reportingPointIds = (points: readonly ReportingPointRef[]): string =>
  points.map((p) => [String(p.id), p.controllerName, p.deviceName, p.pointName].map(escapeField).join(',')).join(',');

/** The points a syrxControllerBacnetPointIds value names (the inverse of reportingPointIds). */
export function parseReportingPointIds(value: string): ReportingPointRef[] {
  const fields = value === '' ? [] : value.split(',').map(decodeURIComponent);
  const points: ReportingPointRef[] = [];
  for (let i = 0; i + 3 < fields.length; i += 4) {
    const [id = '', controllerName = '', deviceName = '', pointName = ''] = fields.slice(i, i + 4);
    points.push({ id: Number(id), controllerName, deviceName, pointName });
  }
  return points;
}

/** The query of the link: the points, and fromDate/toDate as MM-DD-YYYY in UTC when given. */
export function reportingQuery({ points, fromDate, toDate }: ReportingLinkInput): string {
  const params = new URLSearchParams({ syrxControllerBacnetPointIds: reportingPointIds(points) });
  if (fromDate) params.set('fromDate', formatUtcDay(fromDate));
  if (toDate) params.set('toDate', formatUtcDay(toDate));
  return params.toString();
}

export interface ReportingLink {
  href: string;
  /** True when it leads into the legacy app (a plain link), false for our own route. */
  external: boolean;
}

/** To the legacy app's vendor point record browser when its URL is known, else to our own route. */
export function pointReportingLink(input: ReportingLinkInput, legacyAppUrl: string): ReportingLink {
  const query = reportingQuery(input);
  const base = legacyAppUrl.replace(/\/+$/, '');
  return base === '' ? { href: `${pointReportingPath}?${query}`, external: false } : { href: `${base}${legacyPath}?${query}`, external: true };
}
