import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account, AccountCreate, AccountUpdate, Normalization, NormalizationCreate } from '@syrx/contracts/accounts';
import { accountsRoutes } from '@syrx/contracts/routes/accounts';
import { callRoute } from '../../../lib/api-client';

/** Everything of the accounts area starts with `all`, so one change refreshes every screen that shows accounts. */
export const accountKeys = {
  all: ['accounts'] as const,
  ofGroup: (groupId: number) => [...accountKeys.all, 'group', groupId] as const,
  one: (id: number) => [...accountKeys.all, 'account', id] as const,
};

/** GET /api/v2/accounts/for-group/{groupId}: the group's accounts with their histories. */
export const groupAccountsQueryOptions = (groupId: number) =>
  queryOptions({ queryKey: accountKeys.ofGroup(groupId), queryFn: () => callRoute(accountsRoutes.forGroup, { params: { groupId } }) });

/** GET /api/v2/accounts/{id} */
export const accountQueryOptions = (id: number) =>
  queryOptions({ queryKey: accountKeys.one(id), queryFn: () => callRoute(accountsRoutes.get, { params: { id } }) });

/** The current group's accounts; nothing is asked without a group. */
export const useGroupAccounts = (groupId: number | undefined) => useQuery({ ...groupAccountsQueryOptions(groupId ?? 0), enabled: groupId !== undefined });

/** One account; nothing is asked for a new one (`id` null). */
export const useAccount = (id: number | null) => useQuery({ ...accountQueryOptions(id ?? 0), enabled: id !== null });

function useInvalidateAccounts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: accountKeys.all });
}

/** POST /api/v2/accounts (a new account), or PUT /api/v2/accounts/{id}. */
export function useSaveAccount(id: number | null) {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (body: AccountCreate | AccountUpdate): Promise<Account> =>
      id === null
        ? callRoute(accountsRoutes.create, { body: body as AccountCreate })
        : callRoute(accountsRoutes.update, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/v2/accounts/{id} (204). */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callRoute(accountsRoutes.remove, { params: { id } }),
    // Not the deleted account itself: asking for it again would only answer 404 while its editor closes.
    onSuccess: (_r, id) => {
      const gone = accountKeys.one(id);
      return queryClient.invalidateQueries({ queryKey: accountKeys.all, predicate: (q) => !gone.every((part, i) => q.queryKey[i] === part) });
    },
  });
}

export type HistoryKind = 'size' | 'price';
const historyRoute = { size: accountsRoutes.addSize, price: accountsRoutes.addPrice } as const;

/** POST /api/v2/account-size-normalizations or …/account-price-normalizations. */
export function useAddHistoryEntry(kind: HistoryKind) {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (body: NormalizationCreate): Promise<Normalization> => callRoute(historyRoute[kind], { body }),
    onSuccess: invalidate,
  });
}
