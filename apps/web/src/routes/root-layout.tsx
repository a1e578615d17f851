import { Layout, Typography } from 'antd';
import { Link, Outlet } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { CurrentGroupBar } from '../features/groups/components/current-group-bar';
import { TopNav } from '../features/navigation/components/top-nav';
import { useSession } from '../lib/session';

/** The shell: nothing but a spinner until the session is initialized, then navigation, group bar and the page. */
export function RootLayout() {
  const session = useSession();
  if (session.state !== 'initialized') return <PageSpinner />;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 24, paddingInline: 24 }}>
        <Link to={session.user ? '/home' : '/login'}>
          <Typography.Text strong style={{ color: '#fff', fontSize: 16, whiteSpace: 'nowrap' }}>
            Syrx Console
          </Typography.Text>
        </Link>
        <TopNav />
      </Layout.Header>
      {session.user && <CurrentGroupBar />}
      <Layout.Content style={{ padding: 24 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
