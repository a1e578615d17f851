import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pcsSitesRoutes } from '@syrx/contracts/routes/point-data';
import { callRoute } from '../../../lib/api-client';

const key = ['pcs-sites'] as const;

/** GET /api/v2/pcs-sites: a page of the sites by name (those whose name holds `search`), with what they hold. */
export const pcsSitesQueryOptions = (q: { skip: number; take: number; search: string }) =>
  queryOptions({
    queryKey: [...key, q.skip, q.take, q.search],
    queryFn: () => callRoute(pcsSitesRoutes.list, { query: { skip: q.skip, take: q.take, ...(q.search ? { search: q.search } : {}) } }),
  });

export const usePcsSites = (q: { skip: number; take: number; search: string }) => useQuery({ ...pcsSitesQueryOptions(q), placeholderData: keepPreviousData });

/** Rename, merge and delete; each refreshes the list (and the PCS trees, whose sites they change). */
export function usePcsSiteChanges() {
  const queryClient = useQueryClient();
  const onSuccess = async () => {
    await queryClient.invalidateQueries({ queryKey: key });
    await queryClient.invalidateQueries({ queryKey: ['move-tree'] });
  };
  return {
    rename: useMutation({ mutationFn: (v: { id: number; site_name: string }) => callRoute(pcsSitesRoutes.rename, { params: { id: v.id }, body: { site_name: v.site_name } }), onSuccess }),
    merge: useMutation({ mutationFn: (v: { id: number; into: number }) => callRoute(pcsSitesRoutes.merge, { params: { id: v.id }, body: { into_site_id: v.into } }), onSuccess }),
    remove: useMutation({ mutationFn: (id: number) => callRoute(pcsSitesRoutes.remove, { params: { id } }), onSuccess }),
  };
}
