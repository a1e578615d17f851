import { z } from 'zod';

/**
 * The terminal socket (spec 01 section 7): its own Socket.IO namespace. connect with agentId (the controller id) is
 * acknowledged with { terminalId } or { error }; data, resize and disconnect name the terminal; output arrives as
 * server/client/data. The agent's control service runs a real shell in a pseudo-terminal.
 */
export const terminalNamespace = '/terminal';
export const terminalEvents = {
  connect: 'client/server/connect',
  data: 'client/server/data',
  resize: 'client/server/resize',
  disconnect: 'client/server/disconnect',
  output: 'server/client/data',
  /** Ours: the shell ended or the session was closed (idle, replaced, agent gone); the panel shows why. */
  closed: 'server/client/closed',
} as const;
export const terminalMessages = { noId: 'Terminal id not returned' } as const;
/** Sessions close after this long without input or output. */
export const terminalIdleMinutes = 15;

export const terminalDimensionsSchema = z.object({ cols: z.number().int().min(2).max(1000), rows: z.number().int().min(2).max(500) });
export const terminalConnectSchema = z.object({ agentId: z.string(), dimensions: terminalDimensionsSchema.optional() });
export const terminalDataSchema = z.object({ terminalId: z.string().min(1).max(100), data: z.string().max(65_536) });
export const terminalResizeSchema = z.object({ terminalId: z.string().min(1).max(100), dimensions: terminalDimensionsSchema });
export const terminalDisconnectSchema = z.object({ terminalId: z.string().min(1).max(100) });
export type TerminalConnectAck = { terminalId: string } | { error: string };
export const terminalClosedSchema = z.object({ terminalId: z.string(), reason: z.string() });
