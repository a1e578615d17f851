import { App, Menu, type MenuProps } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSession, useSignOut } from '../../../lib/session';
import { useLegacyAppUrl } from '../../../lib/client-config';
import { afterSignOutUrl, type MenuItem, menuLink, visibleMenus } from '../menu-items';
import { userMenuItems, userMenuLabel } from '../user-menu-items';

type Items = NonNullable<MenuProps['items']>;

function ItemLink({ item, legacyAppUrl }: { item: MenuItem; legacyAppUrl: string }) {
  const link = menuLink(item, legacyAppUrl);
  if (!link) return null;
  return link.external ? <a href={link.href}>{item.label}</a> : <Link to={link.href}>{item.label}</Link>;
}

/** The key of the menu item whose own route contains the current path. */
function selectedKey(pathname: string, permissions: readonly string[]): string | undefined {
  if (pathname === '/home') return 'home';
  if (pathname.startsWith('/login')) return 'login';
  const own = userMenuItems.find((i) => pathname === i.path);
  if (own) return own.key;
  // Only our own routes can be the current page.
  const items = visibleMenus(permissions, '').flatMap((m) => m.items);
  return items.find((i) => i.target.kind === 'route' && (pathname === i.target.path || pathname.startsWith(`${i.target.path}/`)))?.key;
}

/** The top navigation of a signed-in user: Home, the menus their permissions allow, and Logout (Login once signed out). */
export function SignedInNav() {
  const { user } = useSession();
  const legacyAppUrl = useLegacyAppUrl();
  const signOut = useSignOut();
  const { message } = App.useApp();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const onSignOut = () => {
    signOut.mutate(undefined, {
      // A full page load only to the legacy app: on top of the sign-in guard's own redirect a load of /login raced it.
      onSuccess: () => {
        const url = afterSignOutUrl(legacyAppUrl);
        if (url !== null) window.location.assign(url);
      },
      onError: (error) => void message.error(`Logging out failed: ${error.message}`),
    });
  };

  // Logged out, Login is a plain menu item (not a link) so a page's own sign-in link stays the only link saying so.
  const items: Items = user
    ? [
        { key: 'home', label: <Link to="/home">Home</Link> },
        ...visibleMenus(user.permissions, legacyAppUrl).map((menu) => ({
          key: menu.key,
          label: menu.label,
          children: menu.items.map((item) => ({ key: item.key, label: <ItemLink item={item} legacyAppUrl={legacyAppUrl} /> })),
        })),
        {
          key: 'user',
          label: userMenuLabel(user),
          children: userMenuItems.map((item) => ({ key: item.key, label: <Link to={item.path}>{item.label}</Link> })),
        },
        { key: 'logout', label: 'Logout', onClick: onSignOut, disabled: signOut.isPending },
      ]
    : [{ key: 'login', label: 'Login', onClick: () => void navigate('/login') }];

  const selected = selectedKey(pathname, user?.permissions ?? []);
  return (
    <Menu
      mode="horizontal"
      theme="dark"
      items={items}
      selectedKeys={selected === undefined ? [] : [selected]}
      style={{ flex: 1, minWidth: 0 }}
      role="menubar"
      aria-label="Main navigation"
    />
  );
}
