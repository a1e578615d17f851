import { type ReactNode, createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { inactiveWhileDisconnected } from '@syrx/contracts/realtime';
import { createBrowserNamespaceSocket, createBrowserSocket } from './browser-socket';
import { type CreateNamespaceSocket, NamespaceSocketContext } from './namespace-socket';
import { RealtimeClient, type RealtimeSocket } from './realtime-client';

/** Creates the page's one client on first use, so pages without live data open no socket. */
class LazyRealtime {
  private client: RealtimeClient | undefined;
  constructor(private readonly createSocket: () => RealtimeSocket) {}
  get(): RealtimeClient {
    this.client ??= new RealtimeClient(this.createSocket());
    return this.client;
  }
}

const RealtimeContext = createContext<LazyRealtime | null>(null);

export interface RealtimeProviderProps {
  children: ReactNode;
  createSocket?: () => RealtimeSocket;
  createNamespaceSocket?: CreateNamespaceSocket;
}

/** One realtime connection per page, and the screens' namespace connections; tests replace both with fakes. */
export function RealtimeProvider({ children, createSocket = createBrowserSocket, createNamespaceSocket = createBrowserNamespaceSocket }: RealtimeProviderProps) {
  const [lazy] = useState(() => new LazyRealtime(createSocket));
  return (
    <RealtimeContext.Provider value={lazy}>
      <NamespaceSocketContext.Provider value={createNamespaceSocket}>{children}</NamespaceSocketContext.Provider>
    </RealtimeContext.Provider>
  );
}

/** The page's realtime client (connecting on first use). */
export function useRealtime(): RealtimeClient {
  const lazy = useContext(RealtimeContext);
  if (!lazy) throw new Error('useRealtime needs a RealtimeProvider.');
  return lazy.get();
}

export interface AgentConnection {
  serverConnected: boolean;
  agentConnected: boolean;
  /** The server socket and the controller's agent are both connected: device actions may run. */
  connected: boolean;
  /** The title of disabled device actions while not connected, else undefined. */
  inactiveTitle: string | undefined;
}

/** Watches a controller's agent while the calling screen is shown. */
export function useAgentConnection(controllerId: string): AgentConnection {
  const client = useRealtime();
  useEffect(() => client.watch(controllerId), [client, controllerId]);
  const serverConnected = useSyncExternalStore(client.subscribe, client.isServerConnected);
  const agentConnected = useSyncExternalStore(client.subscribe, () => client.isAgentConnected(controllerId));
  const connected = serverConnected && agentConnected;
  return { serverConnected, agentConnected, connected, inactiveTitle: connected ? undefined : inactiveWhileDisconnected };
}
