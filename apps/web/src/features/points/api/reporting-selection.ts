import { App } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BacnetPoint } from '@syrx/contracts/points';
import { pointsRoutes } from '@syrx/contracts/routes/points';
import { callRoute } from '../../../lib/api-client';
import { bacnetKeys } from '../../../lib/bacnet-keys';

/** PATCH /SyrxControllers/{id}/reporting-points/{pointId} */
export const setReportingSelection = (controllerId: string, pointId: number, selected: boolean) =>
  callRoute(pointsRoutes.setReporting, { params: { id: controllerId, pointId }, body: { is_selected_for_reporting: selected } });

interface Change {
  point: BacnetPoint;
  selected: boolean;
}

/**
 * "Selected for reporting", optimistic: every cached page showing the point changes at once, and goes back (with
 * an error message) when the server refuses. Pages are not loaded again: a device page may hold 2000 points.
 */
export function useReportingSelection(controllerId: string) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const pagesKey = bacnetKeys.points(controllerId);
  const apply = (pointId: number, selected: boolean) =>
    queryClient.setQueriesData<unknown>({ queryKey: pagesKey }, (data: unknown) =>
      Array.isArray(data) ? (data as BacnetPoint[]).map((p) => (p.id === pointId ? { ...p, reporting_is_selected_for_reporting: selected } : p)) : data,
    );

  return useMutation({
    mutationFn: ({ point, selected }: Change) => setReportingSelection(controllerId, point.id, selected),
    onMutate: ({ point, selected }: Change) => apply(point.id, selected),
    // Only this point goes back: other points changed meanwhile keep their new selection.
    onError: (error, { point, selected }) => {
      apply(point.id, !selected);
      void message.error(`The reporting selection of ${point.name ?? point.object_id} could not be saved: ${error.message}`);
    },
  });
}
