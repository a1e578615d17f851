import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PointDataKind } from '@syrx/contracts/point-data';
import { pointDataRoutes } from '@syrx/contracts/routes/point-data';
import { callRoute } from '../../../lib/api-client';
import { recordKeys } from './record-keys';

/** GET …/points: the points' names (the tree above them included), unit and series summary. */
export const getPointSummaries = (kind: PointDataKind, pointIds: readonly number[]) =>
  callRoute(pointDataRoutes[kind].points, { query: { point_ids: pointIds.join(',') } });

export const pointSummariesQueryOptions = (kind: PointDataKind, pointIds: readonly number[]) =>
  queryOptions({ queryKey: recordKeys.points(kind, pointIds), queryFn: () => getPointSummaries(kind, pointIds) });

/** The chosen points' summaries; none is asked while no point is chosen. */
export const usePointSummaries = (kind: PointDataKind, pointIds: readonly number[]) =>
  useQuery({ ...pointSummariesQueryOptions(kind, pointIds), enabled: pointIds.length > 0 });
