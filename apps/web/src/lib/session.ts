import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SessionUser, okSchema, sessionUserSchema } from '@syrx/contracts/auth';
import { ApiError, legacyApi } from './api-client';

export const sessionQueryKey = ['session'] as const;

/**
 * GET /api/Login. A 403 means "not signed in" (the server itself renews an expired access cookie from a valid
 * refresh cookie on this call). Other errors propagate.
 */
export async function fetchSession(): Promise<SessionUser | null> {
  try {
    return await legacyApi('/Login', { schema: sessionUserSchema });
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
    mutationFn: () => legacyApi('/Login', { method: 'DELETE', schema: okSchema }),
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      setSessionUser(queryClient, null);
    },
  });
}
