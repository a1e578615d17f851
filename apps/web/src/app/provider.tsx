import { type ReactNode, useState } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { RealtimeProvider } from '../lib/realtime/realtime-provider';
import type { RealtimeSocket } from '../lib/realtime/realtime-client';
import type { CreateNamespaceSocket } from '../lib/realtime/namespace-socket';

/**
 * Everything the screens rely on: server state (TanStack Query), the page's realtime connection, and antd's
 * theme, message and notification. Tests pass fake sockets.
 */
export function AppProvider(props: { children: ReactNode; createSocket?: () => RealtimeSocket; createNamespaceSocket?: CreateNamespaceSocket }) {
  const { children, createSocket, createNamespaceSocket } = props;
  const [queryClient] = useState(createQueryClient);
  return (
    <ConfigProvider theme={{ token: { colorPrimary: '#1f6feb' } }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RealtimeProvider {...(createSocket ? { createSocket } : {})} {...(createNamespaceSocket ? { createNamespaceSocket } : {})}>{children}</RealtimeProvider>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
