import { type ReactNode, useState } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { sessionQueryOptions } from '../lib/session';
import { RealtimeProvider } from '../lib/realtime/realtime-context';
import type { RealtimeSocket } from '../lib/realtime/realtime-client';
import type { CreateNamespaceSocket } from '../lib/realtime/namespace-socket';

/** Users who ask their system for less motion get antd without its animations (dialogs, menus, messages). */
const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * Everything the screens rely on: server state (TanStack Query), the page's realtime connection, and antd's
 * theme, message and notification. Tests pass fake sockets.
 */
export function AppProvider(props: { children: ReactNode; createSocket?: () => RealtimeSocket; createNamespaceSocket?: CreateNamespaceSocket; prefetchSession?: boolean }) {
  const { children, createSocket, createNamespaceSocket, prefetchSession = false } = props;
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // The page's first request (the app's, not the tests'): the session loads while the route's screens do, not after.
    if (prefetchSession) void client.prefetchQuery(sessionQueryOptions);
    return client;
  });
  const [motion] = useState(() => !prefersReducedMotion());
  return (
    <ConfigProvider theme={{ token: { colorPrimary: '#1f6feb', motion } }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RealtimeProvider {...(createSocket ? { createSocket } : {})} {...(createNamespaceSocket ? { createNamespaceSocket } : {})}>{children}</RealtimeProvider>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
