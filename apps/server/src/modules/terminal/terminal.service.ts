import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { terminalAgentSchemas } from '@syrx/contracts/agent-protocol';
import { AppError } from '@syrx/contracts/errors';
import { type TerminalConnectAck, terminalIdleMinutes } from '@syrx/contracts/terminal';
import { BackgroundTasks } from '../../lib/background-tasks.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { ControllersService } from '../controllers/controllers.service.ts';
import type { Actor } from '../../security/actor.ts';
import { type TerminalSession, TerminalSessions } from './terminal-sessions.ts';

type Msg<K extends keyof typeof terminalAgentSchemas> = z.infer<(typeof terminalAgentSchemas)[K]>;
export type AgentOpenAnswer = { ok: true } | { ok: false; error: string };
/** What one instance tells the others (sessions live where the browser is, agent events arrive where the agent is). */
export type TerminalPeerMessage =
  | { kind: 'output'; controllerId: string; payload: Msg<'output'> }
  | { kind: 'exit'; controllerId: string; payload: Msg<'exit'> }
  | { kind: 'agent-left'; controllerId: string }
  | { kind: 'opened'; controllerId: string; userId: number; terminalId: string };

/** How the service reaches agents, browsers and other server instances; bound by the realtime gateway. */
export interface TerminalTransport {
  agentConnected(controllerId: string): Promise<boolean>;
  /** Asks the agent to open a shell; rejects when it does not answer in time. */
  open(controllerId: string, msg: Msg<'open'>): Promise<AgentOpenAnswer>;
  toAgent(controllerId: string, event: 'input' | 'resize' | 'close', payload: Msg<'input'> | Msg<'resize'> | Msg<'close'>): void;
  toBrowser(socketId: string, event: 'output' | 'closed', payload: { terminalId: string; data?: string; reason?: string }): void;
  toPeers(message: TerminalPeerMessage): void;
}

export const terminalMessagesOf = {
  notFound: 'The Syrx controller was not found.',
  forbidden: 'Opening a terminal needs the pcs_admin permission.',
  noAgent: "The controller's agent is not connected.",
  timeout: "The controller's agent did not answer in time.",
  refused: 'The controller could not open a terminal.',
} as const;
export const closeReasons = {
  user: 'Disconnected by the user.',
  browserLeft: 'The browser disconnected.',
  replaced: 'Replaced by a new terminal session of the same user.',
  idle: `Closed after ${terminalIdleMinutes} minutes without input or output.`,
  agentLeft: "The controller's agent disconnected.",
  closing: 'The server is shutting down.',
  exited: (code: number | null) => `The shell exited${code === null ? '' : ` (code ${code})`}.`,
} as const;

/**
 * Terminal sessions of the control service: only a user with pcs_admin who sees the controller's group opens one, one
 * per user and controller (a new one replaces the old), closed after 15 minutes without input or output, when the
 * browser leaves, when the agent leaves or the shell exits. Opening and closing are audited (who, controller, from
 * where, how long).
 */
export function createTerminalService(deps: { controllers: Pick<ControllersService, 'accessible'>; audit: AuditRecorder; log: { error(o: object, m: string): void }; idleMs?: number }) {
  let transport: TerminalTransport | null = null;
  const auditWrites = new BackgroundTasks(deps.log, 2);
  const sessions = new TerminalSessions(deps.idleMs ?? terminalIdleMinutes * 60_000, (s) => end(s, closeReasons.idle, { agent: true, browser: true }));
  const target = (s: Pick<TerminalSession, 'controllerId' | 'groupId'>) => ({ type: 'syrx_controller', id: s.controllerId, groupId: s.groupId });

  function end(s: TerminalSession, reason: string, tell: { agent: boolean; browser: boolean }): void {
    if (!sessions.take(s.terminalId)) return;
    if (tell.agent) transport?.toAgent(s.controllerId, 'close', { terminalId: s.terminalId });
    if (tell.browser) transport?.toBrowser(s.socketId, 'closed', { terminalId: s.terminalId, reason });
    const details = { terminal_id: s.terminalId, reason, duration_seconds: Math.round((Date.now() - s.openedAt) / 1000) };
    auditWrites.run('audit terminal.close', () => deps.audit.record({ action: 'terminal.close', actor: { userId: s.userId, origin: s.origin ?? undefined }, target: target(s), details }));
  }

  const owned = (socketId: string, terminalId: string) => {
    const s = sessions.get(terminalId);
    return s?.socketId === socketId ? s : undefined;
  };

  return {
    bind(t: TerminalTransport): void {
      transport = t;
    },

    /** connect from a browser socket: a terminal id, or why not. `stillThere` tells whether the socket is still connected. */
    async open(actor: Actor, socketId: string, input: { agentId: string; dimensions?: { cols: number; rows: number } | undefined }, stillThere: () => boolean): Promise<TerminalConnectAck> {
      const controllerId = input.agentId.toLowerCase();
      const controller = await deps.controllers.accessible(actor, controllerId).catch((err: unknown) => {
        if (err instanceof AppError && err.status < 500) return null;
        throw err;
      });
      // A user who may not open a shell here and tried is audited (a controller they cannot see has no group to show).
      const refuse = (error: string, groupId: number | null) => {
        auditWrites.run('audit terminal.refused', () => deps.audit.record({ action: 'terminal.refused', actor, target: target({ controllerId, groupId }), details: { reason: error } }));
        return { error };
      };
      if (!controller) return refuse(terminalMessagesOf.notFound, null);
      if (!actor.permissions.has('pcs_admin')) return refuse(terminalMessagesOf.forbidden, controller.group_id);
      const t = transport;
      if (!t || !(await t.agentConnected(controllerId))) return { error: terminalMessagesOf.noAgent };
      const terminalId = randomUUID();
      const { cols, rows } = input.dimensions ?? { cols: 80, rows: 24 };
      const answer = await t.open(controllerId, { terminalId, cols, rows }).catch((): AgentOpenAnswer => ({ ok: false, error: terminalMessagesOf.timeout }));
      if (!answer.ok) return { error: answer.error || terminalMessagesOf.refused };
      for (const old of sessions.where((s) => s.userId === actor.userId && s.controllerId === controllerId)) end(old, closeReasons.replaced, { agent: true, browser: true });
      t.toPeers({ kind: 'opened', controllerId, userId: actor.userId, terminalId });
      const s = sessions.add({ terminalId, controllerId, groupId: controller.group_id, userId: actor.userId, socketId, origin: actor.origin ?? null });
      auditWrites.run('audit terminal.open', () => deps.audit.record({ action: 'terminal.open', actor, target: target(s), details: { terminal_id: terminalId, cols, rows } }));
      if (stillThere()) return { terminalId };
      end(s, closeReasons.browserLeft, { agent: true, browser: false });
      return { error: closeReasons.browserLeft };
    },

    input(socketId: string, m: Msg<'input'>): void {
      const s = owned(socketId, m.terminalId);
      if (!s) return;
      sessions.touch(s);
      transport?.toAgent(s.controllerId, 'input', m);
    },

    resize(socketId: string, m: { terminalId: string; dimensions: { cols: number; rows: number } }): void {
      const s = owned(socketId, m.terminalId);
      if (s) transport?.toAgent(s.controllerId, 'resize', { terminalId: s.terminalId, ...m.dimensions });
    },

    disconnect(socketId: string, terminalId: string): void {
      const s = owned(socketId, terminalId);
      if (s) end(s, closeReasons.user, { agent: true, browser: true });
    },

    /** Output or exit from a controller's agent; handed to the other instances when the session is not held here. */
    fromAgent(m: Extract<TerminalPeerMessage, { kind: 'output' | 'exit' }>, viaPeer = false): void {
      const s = sessions.get(m.payload.terminalId);
      if (!s) {
        if (!viaPeer) transport?.toPeers(m);
        return;
      }
      if (s.controllerId !== m.controllerId) return;
      if (m.kind === 'exit') return end(s, closeReasons.exited(m.payload.exitCode), { agent: false, browser: true });
      sessions.touch(s);
      transport?.toBrowser(s.socketId, 'output', m.payload);
    },

    browserLeft(socketId: string): void {
      for (const s of sessions.where((x) => x.socketId === socketId)) end(s, closeReasons.browserLeft, { agent: true, browser: false });
    },

    agentLeft(controllerId: string, viaPeer = false): void {
      for (const s of sessions.where((x) => x.controllerId === controllerId)) end(s, closeReasons.agentLeft, { agent: false, browser: true });
      if (!viaPeer) transport?.toPeers({ kind: 'agent-left', controllerId });
    },

    /** A message from another instance. */
    peer(m: TerminalPeerMessage): void {
      if (m.kind === 'agent-left') return this.agentLeft(m.controllerId, true);
      if (m.kind === 'opened') {
        for (const s of sessions.where((x) => x.userId === m.userId && x.controllerId === m.controllerId && x.terminalId !== m.terminalId)) end(s, closeReasons.replaced, { agent: true, browser: true });
        return;
      }
      this.fromAgent(m, true);
    },

    /** The server is closing: every session ends (browsers told) and the audit writes finish. */
    async close(): Promise<void> {
      for (const s of sessions.where(() => true)) end(s, closeReasons.closing, { agent: true, browser: true });
      await auditWrites.idle();
      await auditWrites.close();
    },

    /** Audit writes in flight (tests wait for them). */
    idle: () => auditWrites.idle(),
  };
}
export type TerminalService = ReturnType<typeof createTerminalService>;
