import { createContext, useContext } from 'react';
import type { RealtimeSocket } from './realtime-client';

/** A screen's own Socket.IO namespace connection (/live-logs, /terminal), which it closes when done. */
export interface NamespaceSocket extends RealtimeSocket {
  off(event: string, listener?: (...args: never[]) => void): unknown;
  disconnect(): unknown;
}

export type CreateNamespaceSocket = (namespace: string) => NamespaceSocket;

export const NamespaceSocketContext = createContext<CreateNamespaceSocket | null>(null);

/**
 * How a screen opens a namespace connection: call it in an effect and disconnect in the effect's cleanup, so that
 * a socket lives exactly as long as the screen that uses it. Tests provide fakes through `AppProvider`.
 */
export function useNamespaceSocketFactory(): CreateNamespaceSocket {
  const create = useContext(NamespaceSocketContext);
  if (!create) throw new Error('useNamespaceSocketFactory needs a RealtimeProvider.');
  return create;
}
