import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@syrx/contracts/auth';
import { authRoutes } from '@syrx/contracts/routes/auth';
import { ApiError, callRoute } from './api-client';

export const sessionQueryKey = ['session'] as const;

/**
 * GET /api/Login. A 403 means "not signed in" (the server itself renews an expired access cookie from a valid
 * refresh cookie on this call). Other errors propagate.
 */
export async function fetchSession(): Promise<SessionUser | null> {
  try {
    return await callRoute(authRoutes.session);
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return null;
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: fetchSession,
  staleTime: Infinity,
  retry: false,
  refetchOnWindowFocus: false,
  throwOnError: true,
});

export type SessionInitState = 'not_initialized' | 'initializing' | 'initialized';

export interface Session {
  state: SessionInitState;
  /** The signed-in user, or null when nobody is signed in (or the session is not initialized yet). */
  user: SessionUser | null;
}

/** The session and its initialization state; errors other than "not signed in" go to the error boundary. */
export function useSession(): Session {
  const query = useQuery(sessionQueryOptions);
  if (query.isSuccess) return { state: 'initialized', user: query.data };
  return { state: query.isFetching ? 'initializing' : 'not_initialized', user: null };
}

/** The signed-in user, for components that only render behind the sign-in guard. */
export function useCurrentUser(): SessionUser {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser needs a signed-in user; render it behind the sign-in guard.');
  return user;
}

export function setSessionUser(queryClient: QueryClient, user: SessionUser | null): void {
  queryClient.setQueryData(sessionQueryKey, user);
}

/** Loads the session again (GET /api/Login), e.g. after the current group changed. */
export async function reloadSession(queryClient: QueryClient): Promise<SessionUser | null> {
  return queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
}

/** DELETE /api/Login, then forgets the user and every cached answer that belonged to them. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute(authRoutes.signOut),
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      setSessionUser(queryClient, null);
    },
  });
}
