import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * The mutation of a DELETE of one record by its id: once deleted, the record's own query is dropped (asking for it
 * again would only answer 404) and the queries of its kind load again.
 */
export function useDeleteById<R>(remove: (id: number) => Promise<R>, keys: { all: QueryKey; one: (id: number) => QueryKey }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remove,
    onSuccess: (_r, id) => {
      queryClient.removeQueries({ queryKey: keys.one(id) });
      return queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });
}
