import { io } from 'socket.io-client';
import { agentAuthErrors, agentNamespace } from '@syrx/contracts/agent-protocol';
import { agentVersion } from '../agent.ts';

export interface Credentials {
  serverUrl: string;
  controllerId: string;
  controllerPassword: string;
}

export type CredentialVerdict = { ok: true } | { ok: false; reason: 'refused' | 'held-back' | 'unreachable'; message: string };

/**
 * One handshake on the agent namespace, as the running agent makes it, closed as soon as the server accepted or refused
 * it: the server checks the controller id and password there and nowhere else an agent could ask.
 */
export function checkCredentials(c: Credentials, timeoutMs = 15_000): Promise<CredentialVerdict> {
  const socket = io(`${c.serverUrl}${agentNamespace}`, {
    transports: ['websocket'],
    auth: { controller_id: c.controllerId, password: c.controllerPassword, agent_version: agentVersion },
    reconnection: false,
    timeout: timeoutMs,
  });
  return new Promise<CredentialVerdict>((resolve) => {
    socket.once('connect', () => resolve({ ok: true }));
    socket.once('connect_error', (err) => {
      if (err.message === agentAuthErrors.invalid) resolve({ ok: false, reason: 'refused', message: 'The server refused the controller id or password.' });
      else if (err.message === agentAuthErrors.rateLimited) resolve({ ok: false, reason: 'held-back', message: 'Too many failed attempts from this address: wait a few minutes and try again.' });
      else resolve({ ok: false, reason: 'unreachable', message: `Cannot reach the server at ${c.serverUrl}: ${err.message}` });
    });
  }).finally(() => socket.disconnect());
}
