import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { loginPathFor, resolveNextPath } from '../lib/next-path';
import { useSession } from '../lib/session';

/** Logged-in routes: a logged-out user goes to /login?next=<path and query>. */
export function RequireSignIn() {
  const { user } = useSession();
  const location = useLocation();
  return user ? <Outlet /> : <Navigate to={loginPathFor(location)} replace />;
}

/** The sign-in page: once signed in (now or already), go to `next` or /home. */
export function SignInPage({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  return user ? <Navigate to={resolveNextPath(searchParams.get('next'))} replace /> : children;
}
