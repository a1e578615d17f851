import { useEffect, useState, useSyncExternalStore } from 'react';
import { useNamespaceSocketFactory } from '../../../lib/realtime/namespace-socket';
import { TerminalSession } from '../utils/terminal-session';

/** A terminal session to the controller's agent for as long as the calling panel is shown (leaving disconnects it). */
export function useTerminalSession(controllerId: string) {
  const createSocket = useNamespaceSocketFactory();
  const [session] = useState(() => new TerminalSession(controllerId, createSocket));
  useEffect(() => () => session.disconnect(), [session]);
  const state = useSyncExternalStore(session.subscribe, session.getSnapshot);
  return { session, state };
}
