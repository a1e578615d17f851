import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import { agentNamespace, type AgentUploadAck } from '@syrx/contracts/agent-protocol';
import type { AuditEntry } from '@syrx/contracts/audit';
import type { Db } from '../db/client.ts';
import { type Controller, expectStatus } from './bacnet-helpers.ts';
import type { Cleanups, TestClient } from './test-app.ts';

/** An acknowledged upload on the agent protocol (logs, metrics, diagnostics), as the agent's uploader sends it. */
export const upload = (socket: Socket, event: string, payload: unknown) => socket.timeout(10_000).emitWithAck(event, payload) as Promise<AgentUploadAck>;

/** The socket once it has connected (with `apps`, it disconnects after the test); fails with the error that refused it. */
export async function connected(socket: Socket, apps?: Cleanups): Promise<Socket> {
  apps?.defer(() => socket.disconnect());
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** 'connected' once the socket connects, or the message of the error that refused it. */
export const handshake = (socket: Socket) => new Promise<string>((resolve) => {
  socket.once('connect', () => resolve('connected'));
  socket.once('connect_error', (err) => resolve(err.message));
});

/**
 * An agent's handshake with these credentials (from this source address, else the default one), disconnected after the
 * test: 'connected', or the refusal's message.
 */
export function agentHandshake(apps: Cleanups, url: string, ctl: { id: string; password: string }, from?: string): Promise<string> {
  const options = { transports: ['websocket'], auth: { controller_id: ctl.id, password: ctl.password }, reconnection: false, forceNew: true, ...(from ? { localAddress: from } : {}) };
  const s = io(`${url}${agentNamespace}`, options as Partial<ManagerOptions & SocketOptions>);
  apps.defer(() => s.disconnect());
  return handshake(s);
}

/**
 * A browser's connection to a namespace of its own (/live-logs, /terminal) with the client's session cookie (with
 * `apps`, disconnected after the test).
 */
export async function namespaceSocket(url: string, namespace: string, client: TestClient | null, apps?: Cleanups): Promise<Socket> {
  const cookie = client ? client.cookieHeader() : '';
  return connected(io(`${url}${namespace}`, { transports: ['websocket'], extraHeaders: { cookie, 'user-agent': 'syrx-test-browser/1.0' }, reconnection: false, forceNew: true }), apps);
}

/**
 * A client on the agent protocol with a controller's credentials that hears `events` from its first moment (what the
 * server sends right after the connection is not missed); their payloads are collected in `heard`. With `apps`, it
 * disconnects after the test.
 */
export async function listeningAgent(url: string, ctl: Controller, events: string[], apps?: Cleanups): Promise<{ socket: Socket; heard: Record<string, unknown[]> }> {
  const socket = io(`${url}${agentNamespace}`, { transports: ['websocket'], auth: { controller_id: ctl.id, password: ctl.password }, reconnection: false, forceNew: true, autoConnect: false });
  const heard = Object.fromEntries(events.map((e) => [e, collect<unknown>(socket, e)]));
  socket.connect();
  return { socket: await connected(socket, apps), heard };
}

/** Collects every payload of an event a socket receives, in order. */
export function collect<T>(socket: Socket, event: string): T[] {
  const got: T[] = [];
  socket.on(event, (payload: T) => got.push(payload));
  return got;
}

/** The next payload of an event. */
export const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));

/** The audit log as the administrator reads it, newest first. */
export async function auditEntries(admin: TestClient, query = ''): Promise<AuditEntry[]> {
  const q = /(^|&)take=/.test(query) ? query : ['take=200', query].filter(Boolean).join('&');
  return expectStatus(await admin.get(`/api/v2/audit-log?${q}`), 200).json<AuditEntry[]>();
}

/** Gives a user a role of these permissions (the roles screens are another issue's; the data is the same). */
export async function grant(db: Db, username: string, name: string, permissions: string[]): Promise<void> {
  await db.execute(sql`
    with role as (insert into roles (name, permissions) values (${name}, ${sql.param(permissions)}::text[]) returning id)
    insert into user_roles (user_id, role_id) select u.id, role.id from users u, role where lower(u.username) = lower(${username})`);
}
