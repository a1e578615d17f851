import { useContext, useEffect, useSyncExternalStore } from 'react';
import { inactiveWhileDisconnected } from '@syrx/contracts/realtime';
import { RealtimeContext } from './realtime-context';
import { RealtimeClient } from './realtime-client';

export { RealtimeProvider, type RealtimeProviderProps } from './realtime-context';

/** The page's realtime client (connecting on first use). */
export function useRealtime(): RealtimeClient {
  const holder = useContext(RealtimeContext);
  if (!holder) throw new Error('useRealtime needs a RealtimeProvider.');
  return holder.get((socket) => new RealtimeClient(socket));
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
