import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ReportingPointRef } from '../../../lib/point-reporting-link';
import { type DayRange, readBrowserParams, resolveDayRange, writeBrowserParams } from '../utils/browser-params';
import type { RecordRange } from '../utils/record-query';

export interface BrowserState {
  points: readonly ReportingPointRef[];
  days: DayRange;
  /** The points and range every record call names. */
  range: RecordRange;
  problems: readonly string[];
  setPoints: (points: readonly ReportingPointRef[]) => void;
  setDays: (fromDay: Date, toDay: Date) => void;
}

/**
 * The record browser's state lives in its address (syrxControllerBacnetPointIds, fromDate, toDate), so a view can
 * be shared and the Back button undoes a change. Without dates the range is fixed when the page opens.
 */
export function useBrowserState(): BrowserState {
  const [search, setSearch] = useSearchParams();
  const [openedAt] = useState(() => new Date());
  const params = useMemo(() => readBrowserParams(search), [search]);
  const days = useMemo(() => resolveDayRange(params, openedAt), [params, openedAt]);
  const range = useMemo(() => ({ pointIds: params.points.map((p) => p.id), from: days.from, to: days.to }), [params.points, days]);
  return {
    points: params.points,
    days,
    range,
    problems: params.problems,
    setPoints: (points) => setSearch((s) => writeBrowserParams(s, { points })),
    setDays: (fromDay, toDay) => setSearch((s) => writeBrowserParams(s, { days: { fromDay, toDay } })),
  };
}
