import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PointDataKind } from '@syrx/contracts/point-data';
import type { ReportingPointRef } from '../../../lib/point-reporting-link';
import { usePointSummaries } from '../api/point-summaries';
import { type DayRange, readBrowserParams, resolveDayRange, writeBrowserParams } from '../utils/browser-params';
import { type BrowserPoint, controllerPoint, summaryPoint } from '../utils/labels';
import type { RecordRange } from '../utils/record-query';

export interface BrowserState {
  kind: PointDataKind;
  /** The chosen points in order, with their labels (the other kinds': once their summaries are in). */
  points: readonly BrowserPoint[];
  /** Controller points as the address names them (what the controller tab adds to). */
  controllerRefs: readonly ReportingPointRef[];
  summaries: ReturnType<typeof usePointSummaries>;
  days: DayRange;
  /** The points and range every record call names. */
  range: RecordRange;
  problems: readonly string[];
  setKind: (kind: PointDataKind) => void;
  setControllerRefs: (points: readonly ReportingPointRef[]) => void;
  setIds: (ids: readonly number[]) => void;
  setDays: (fromDay: Date, toDay: Date) => void;
}

/**
 * The page's state lives in its address (kind, the points, fromDate, toDate), so a view can be shared and the Back
 * button undoes a change. Without dates the range is fixed when the page opens.
 */
export function useBrowserState(): BrowserState {
  const [search, setSearch] = useSearchParams();
  const [openedAt] = useState(() => new Date());
  const params = useMemo(() => readBrowserParams(search), [search]);
  const days = useMemo(() => resolveDayRange(params, openedAt), [params, openedAt]);
  const summaries = usePointSummaries(params.kind, params.ids);
  const points = useMemo(() => {
    if (params.points.length > 0) return params.points.map(controllerPoint);
    const byId = new Map(summaries.data?.map((s) => [s.point_id, s]));
    return params.ids.map((id) => summaryPoint(id, byId.get(id)));
  }, [params, summaries.data]);
  const range = useMemo(() => ({ kind: params.kind, pointIds: params.ids, from: days.from, to: days.to }), [params.kind, params.ids, days]);
  const change = (c: Parameters<typeof writeBrowserParams>[1]) => setSearch((s) => writeBrowserParams(s, c));
  return {
    kind: params.kind,
    points,
    controllerRefs: params.points,
    summaries,
    days,
    range,
    problems: params.problems,
    setKind: (kind) => change({ kind }),
    setControllerRefs: (refs) => change({ points: refs }),
    setIds: (ids) => change({ ids }),
    setDays: (fromDay, toDay) => change({ days: { fromDay, toDay } }),
  };
}
