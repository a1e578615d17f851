import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersRoutes } from '@syrx/contracts/routes/users';
import { callRoute } from '../../../lib/api-client';
import { groupTreeKey } from '../../../lib/group-tree';
import { reloadSession, sessionQueryKey } from '../../../lib/session';

interface CurrentGroupChange {
  userId: number;
  groupId: number;
}

/** POST /api/Users/{userId}/CurrentGroup, then the session is loaded again (GET /api/Login). */
export function useSetCurrentGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, groupId }: CurrentGroupChange) => {
      await callRoute(usersRoutes.setCurrentGroup, { params: { userId }, body: { group_id: groupId } });
      return reloadSession(queryClient);
    },
    // Lists scoped to the current group are stale now; the session was just loaded and the group tree does not change.
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: ({ queryKey: [key] }) => key !== sessionQueryKey[0] && key !== groupTreeKey }),
  });
}
