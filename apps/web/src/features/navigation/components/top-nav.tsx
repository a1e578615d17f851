import { Suspense, lazy } from 'react';
import { theme } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session';

// The menus (antd's Menu with its popups) load with the first signed-in page; the sign-in page has one item only.
const SignedInNav = lazy(() => import('./signed-in-nav').then((m) => ({ default: m.SignedInNav })));

/**
 * The top navigation logged out: only Login, a plain menu item (not a link) so a page's own sign-in link stays the
 * only link saying so. Drawn as antd's dark horizontal menu draws it, without its code.
 */
function LoggedOutNav() {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const selected = useLocation().pathname.startsWith('/login');
  const go = () => void navigate('/login');
  return (
    <ul role="menubar" aria-label="Main navigation" style={{ flex: 1, minWidth: 0, display: 'flex', margin: 0, padding: 0, listStyle: 'none', lineHeight: '64px' }}>
      <li
        role="menuitem"
        tabIndex={0}
        onClick={go}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && go()}
        style={{
          paddingInline: 20,
          cursor: 'pointer',
          color: selected ? token.colorTextLightSolid : 'rgba(255, 255, 255, 0.65)',
          background: selected ? token.colorPrimary : 'transparent',
        }}
      >
        Login
      </li>
    </ul>
  );
}

/** The top navigation: Home, the menus the user's permissions allow, and Login or Logout. */
export function TopNav() {
  const { user } = useSession();
  if (!user) return <LoggedOutNav />;
  return (
    <Suspense fallback={<div style={{ flex: 1 }} />}>
      <SignedInNav />
    </Suspense>
  );
}
