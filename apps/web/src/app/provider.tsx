import { type ReactNode, useState } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { RealtimeProvider } from '../lib/realtime/realtime-provider';
import type { RealtimeSocket } from '../lib/realtime/realtime-client';

/**
 * Everything the screens rely on: server state (TanStack Query), the page's realtime connection, and antd's
 * theme, message and notification. Tests pass a fake socket.
 */
export function AppProvider({ children, createSocket }: { children: ReactNode; createSocket?: () => RealtimeSocket }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ConfigProvider theme={{ token: { colorPrimary: '#1f6feb' } }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RealtimeProvider {...(createSocket ? { createSocket } : {})}>{children}</RealtimeProvider>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
