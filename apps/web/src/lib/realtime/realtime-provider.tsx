import { type ReactNode, createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { inactiveWhileDisconnected } from '@syrx/contracts/realtime';
import { createBrowserSocket } from './browser-socket';
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

/** One realtime connection per page; `createSocket` is replaced by a fake in tests. */
export function RealtimeProvider({ children, createSocket = createBrowserSocket }: { children: ReactNode; createSocket?: () => RealtimeSocket }) {
  const [lazy] = useState(() => new LazyRealtime(createSocket));
  return <RealtimeContext.Provider value={lazy}>{children}</RealtimeContext.Provider>;
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
