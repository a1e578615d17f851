import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type DiagnosticsLatest, diagnosticsRefreshMs } from '@syrx/contracts/diagnostics';
import { diagnosticsRoutes } from '@syrx/contracts/routes/diagnostics';
import { callRoute } from '../../../lib/api-client';
import { type ResolvedRange, type TimeRange, rangeKey, resolveRange } from '../../../lib/time-range';

export interface DiagnosticsAnswer {
  /** The moments asked for (a recent range resolves at each refresh). */
  range: ResolvedRange;
  latest: DiagnosticsLatest;
}

/** GET …/services/{diagnostic service}/diagnostics/latest?startDate&endDate: the latest snapshot in the range. */
export async function getLatestDiagnostics(controllerId: string, serviceId: string, range: TimeRange): Promise<DiagnosticsAnswer> {
  const resolved = resolveRange(range);
  const latest = await callRoute(diagnosticsRoutes.latest, {
    params: { id: controllerId, serviceId },
    query: { startDate: resolved.start.toISOString(), endDate: resolved.end.toISOString() },
  });
  return { range: resolved, latest };
}

/** The latest diagnostics in the range, asked again every 5 s (spec 01 section 9); the last answer stays while the next loads. */
export const useLatestDiagnostics = (controllerId: string, serviceId: string, range: TimeRange) =>
  useQuery({
    queryKey: ['diagnostics', controllerId, serviceId, rangeKey(range)],
    queryFn: () => getLatestDiagnostics(controllerId, serviceId, range),
    refetchInterval: diagnosticsRefreshMs,
    placeholderData: keepPreviousData,
  });
