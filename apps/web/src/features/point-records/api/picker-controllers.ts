import { queryOptions, useQuery } from '@tanstack/react-query';
import { controllersRoutes } from '@syrx/contracts/routes/controllers';
import { callRoute } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';

/** The most controllers the picker lists (the server's largest page). */
const controllerLimit = 1000;

/** GET /api/SyrxControllers?root_group_id=…: the controllers of the current group and its subgroups, by name. */
export const pickerControllersQueryOptions = (groupId: number | undefined) =>
  queryOptions({
    // Under the controllers area's list key ('syrx-controllers', 'list'), so a change there refreshes this list too.
    queryKey: ['syrx-controllers', 'list', 'point-records', groupId ?? 'none'],
    queryFn: () =>
      callRoute(controllersRoutes.list, { query: { root_group_id: groupId, skip: 0, take: controllerLimit, sort: 'group_name:asc,name:asc' } }),
  });

/** The controllers whose points can be picked: those of the current group (the controllers area's default scope). */
export function usePickerControllers() {
  const groupId = useCurrentUser().commissioning_group?.id;
  return { groupId, controllers: useQuery({ ...pickerControllersQueryOptions(groupId), enabled: groupId !== undefined }) };
}
