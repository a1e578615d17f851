import { type PointDataKind, pointDataKinds } from '@syrx/contracts/point-data';
import { addUtcDays, formatUtcDay, parseUtcDay, startOfUtcDay } from '../../../lib/date-format';
import { type ReportingPointRef, parseReportingPointIds, reportingPointIds } from '../../../lib/point-reporting-link';

/**
 * The query fields this page reads and keeps current: the kind of points (absent: controller points); controller
 * points as the point-reporting link names them (spec 01 section 2), the other kinds' points by id; the days.
 */
export const browserParamNames = { kind: 'kind', points: 'syrxControllerBacnetPointIds', ids: 'ids', from: 'fromDate', to: 'toDate' } as const;

/** The most points one record query may name (recordRangeQuerySchema refuses more). */
export const maxBrowserPoints = 50;

export interface BrowserParams {
  kind: PointDataKind;
  /** Controller points with their names (the point-reporting link's); empty for the other kinds. */
  points: ReportingPointRef[];
  /** The points' ids, of any kind. */
  ids: number[];
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

const kindOf = (text: string | null): PointDataKind => (pointDataKinds as readonly string[]).includes(text ?? '') ? (text as PointDataKind) : 'controller';

/** The page's state from its address: the kind, its points (each once, valid ids only) and the days. */
export function readBrowserParams(search: URLSearchParams): BrowserParams {
  const problems: string[] = [];
  const seen = new Set<number>();
  const kind = kindOf(search.get(browserParamNames.kind));
  const once = (id: number) => !seen.has(id) && seen.add(id) !== undefined;
  const points = kind !== 'controller' ? [] : parseReportingPointIds(search.get(browserParamNames.points) ?? '').filter((p) => {
    const valid = Number.isInteger(p.id) && p.id > 0;
    if (!valid) problems.push(`"${p.pointName}" has no valid point id and is left out.`);
    return valid && once(p.id);
  });
  // Controller points by the link's names, else (all kinds) by id.
  const ids = points.length > 0 ? points.map((p) => p.id) : (search.get(browserParamNames.ids) ?? '').split(',').filter((x) => x !== '').flatMap((x) => {
    const id = Number(x);
    if (!Number.isInteger(id) || id <= 0) problems.push(`"${x}" is not a point id and is left out.`);
    return Number.isInteger(id) && id > 0 && once(id) ? [id] : [];
  });
  return { kind, points, ids, fromDay: readDay(search, browserParamNames.from, problems), toDay: readDay(search, browserParamNames.to, problems), problems };
}

export interface BrowserChange {
  /** Another kind: its points start empty. */
  kind?: PointDataKind;
  points?: readonly ReportingPointRef[];
  ids?: readonly number[];
  days?: { fromDay: Date; toDay: Date };
}

/** The address after a change, other query fields kept; days are written as UTC days (MM-DD-YYYY). */
export function writeBrowserParams(search: URLSearchParams, change: BrowserChange): URLSearchParams {
  const next = new URLSearchParams(search);
  if (change.kind) {
    for (const name of [browserParamNames.points, browserParamNames.ids]) next.delete(name);
    if (change.kind === 'controller') next.delete(browserParamNames.kind);
    else next.set(browserParamNames.kind, change.kind);
  }
  if (change.points) next.set(browserParamNames.points, reportingPointIds(change.points));
  if (change.ids) next.set(browserParamNames.ids, change.ids.join(','));
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
