import { addUtcDays, formatUtcDay, parseUtcDay, startOfUtcDay } from '../../../lib/date-format';
import { type ReportingPointRef, parseReportingPointIds, reportingPointIds } from '../../../lib/point-reporting-link';

/** The query fields of the point-reporting link (spec 01 section 2), which this page reads and keeps current. */
export const browserParamNames = { points: 'syrxControllerBacnetPointIds', from: 'fromDate', to: 'toDate' } as const;

/** The most points one record query may name (recordRangeQuerySchema refuses more). */
export const maxBrowserPoints = 50;

export interface BrowserParams {
  points: ReportingPointRef[];
  /** The days the address names (midnight UTC), null when absent or unreadable. */
  fromDay: Date | null;
  toDay: Date | null;
  /** What in the address could not be read, for the user. */
  problems: string[];
}

function readDay(search: URLSearchParams, name: string, problems: string[]): Date | null {
  const text = search.get(name);
  if (text === null || text === '') return null;
  const day = parseUtcDay(text);
  if (!day) problems.push(`${name} "${text}" is not a date written MM-DD-YYYY; the default is used.`);
  return day;
}

/** The page's state from its address: the points (each once, valid ids only) and the days. */
export function readBrowserParams(search: URLSearchParams): BrowserParams {
  const problems: string[] = [];
  const seen = new Set<number>();
  const points = parseReportingPointIds(search.get(browserParamNames.points) ?? '').filter((p) => {
    const valid = Number.isInteger(p.id) && p.id > 0;
    if (!valid) problems.push(`"${p.pointName}" has no valid point id and is left out.`);
    if (!valid || seen.has(p.id)) return false;
    seen.add(p.id);
    return true;
  });
  return { points, fromDay: readDay(search, browserParamNames.from, problems), toDay: readDay(search, browserParamNames.to, problems), problems };
}

export interface BrowserChange {
  points?: readonly ReportingPointRef[];
  days?: { fromDay: Date; toDay: Date };
}

/** The address after a change, other query fields kept; days are written as UTC days (MM-DD-YYYY). */
export function writeBrowserParams(search: URLSearchParams, change: BrowserChange): URLSearchParams {
  const next = new URLSearchParams(search);
  if (change.points) next.set(browserParamNames.points, reportingPointIds(change.points));
  if (change.days) {
    next.set(browserParamNames.from, formatUtcDay(change.days.fromDay));
    next.set(browserParamNames.to, formatUtcDay(change.days.toDay));
  }
  return next;
}

export interface DayRange {
  fromDay: Date;
  toDay: Date;
  /** The query's bounds: from midnight UTC of the first day to midnight after the last (exclusive). */
  from: string;
  to: string;
  /** True when the address named no days (yesterday and today, so that the last 24 hours are in). */
  isDefault: boolean;
}

/**
 * The days to show: as the address names them; without toDate, today (UTC); without fromDate, the day before
 * toDate. Days in the wrong order are swapped.
 */
export function resolveDayRange(params: Pick<BrowserParams, 'fromDay' | 'toDay'>, now: Date): DayRange {
  const to = params.toDay ?? (params.fromDay && params.fromDay > now ? params.fromDay : startOfUtcDay(now));
  const from = params.fromDay ?? addUtcDays(to, -1);
  const [fromDay, toDay] = from <= to ? [from, to] : [to, from];
  return {
    fromDay, toDay, from: fromDay.toISOString(), to: addUtcDays(toDay, 1).toISOString(),
    isDefault: params.fromDay === null && params.toDay === null,
  };
}
