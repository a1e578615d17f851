import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { loginPathFor, resolveNextPath } from '../lib/next-path';
import { useSession } from '../lib/session';
import { twoFactorPath } from '../features/navigation/user-menu-items';

/**
 * Logged-in routes: a logged-out user goes to /login?next=<path and query>; a user whose group requires two-factor
 * sign-in and who has not set it up goes to its setup, the one screen the server serves them until then.
 */
export function RequireSignIn() {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to={loginPathFor(location)} replace />;
  if (user.totp_setup_required && location.pathname !== twoFactorPath) return <Navigate to={twoFactorPath} replace />;
  return <Outlet />;
}

/** The sign-in page: once signed in (now or already), go to `next` or /home. */
export function SignInPage({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  return user ? <Navigate to={resolveNextPath(searchParams.get('next'))} replace /> : children;
}
