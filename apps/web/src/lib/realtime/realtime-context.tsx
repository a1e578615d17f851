import { type ReactNode, createContext, useState } from 'react';
import type { RealtimeClient, RealtimeSocket } from './realtime-client';
import { createBrowserNamespaceSocket, createBrowserSocket } from './browser-socket';
import { type CreateNamespaceSocket, NamespaceSocketContext } from './namespace-socket';

/**
 * The page's one realtime client, made on first use (useRealtime, realtime-provider.tsx), so pages without live data
 * open no socket, and the sign-in page downloads neither the client nor the realtime contracts.
 */
export class RealtimeHolder {
  private client: RealtimeClient | undefined;
  constructor(private readonly createSocket: () => RealtimeSocket) {}
  get(make: (socket: RealtimeSocket) => RealtimeClient): RealtimeClient {
    this.client ??= make(this.createSocket());
    return this.client;
  }
}

export const RealtimeContext = createContext<RealtimeHolder | null>(null);

export interface RealtimeProviderProps {
  children: ReactNode;
  createSocket?: () => RealtimeSocket;
  createNamespaceSocket?: CreateNamespaceSocket;
}

/** One realtime connection per page, and the screens' namespace connections; tests replace both with fakes. */
export function RealtimeProvider({ children, createSocket = createBrowserSocket, createNamespaceSocket = createBrowserNamespaceSocket }: RealtimeProviderProps) {
  const [holder] = useState(() => new RealtimeHolder(createSocket));
  return (
    <RealtimeContext.Provider value={holder}>
      <NamespaceSocketContext.Provider value={createNamespaceSocket}>{children}</NamespaceSocketContext.Provider>
    </RealtimeContext.Provider>
  );
}
