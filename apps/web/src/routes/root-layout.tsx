import { Suspense, lazy } from 'react';
import { Layout } from 'antd';
import { Link, Outlet } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { TopNav } from '../features/navigation/components/top-nav';
import { useSession } from '../lib/session';
import { groupBarFrame } from '../features/groups/components/group-bar-frame';

// Signed in only: its group dialog (a tree) is nothing the sign-in page needs to download. Its empty frame holds its
// place meanwhile, so the page does not move down when it appears.
const CurrentGroupBar = lazy(() => import('../features/groups/components/current-group-bar').then((m) => ({ default: m.CurrentGroupBar })));

/** The shell: nothing but a spinner until the session is initialized, then navigation, group bar and the page. */
export function RootLayout() {
  const session = useSession();
  if (session.state !== 'initialized') return <PageSpinner />;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 24, paddingInline: 24 }}>
        <Link to={session.user ? '/home' : '/login'}>
          <span style={{ color: '#fff', fontSize: 16, fontWeight: 600, whiteSpace: 'nowrap' }}>Syrx Console</span>
        </Link>
        <TopNav />
      </Layout.Header>
      {session.user && !session.user.totp_setup_required && (
        <Suspense fallback={<div style={groupBarFrame} />}>
          <CurrentGroupBar />
        </Suspense>
      )}
      <Layout.Content style={{ padding: 24 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
