import { z } from 'zod';
import { terminalMessages } from '@syrx/contracts/terminal';

export type TerminalAck = { ok: true; terminalId: string } | { ok: false; error: string };

const ackSchema = z.object({ terminalId: z.string().optional().nullable(), error: z.string().optional().nullable() }).loose();

/**
 * What the acknowledgement of client/server/connect means: a terminal id, or the server's error, or — when it has
 * neither — the specification's "Terminal id not returned" (spec 01 section 8).
 */
export function readTerminalAck(ack: unknown): TerminalAck {
  const parsed = ackSchema.safeParse(ack);
  if (!parsed.success) return { ok: false, error: terminalMessages.noId };
  const { terminalId, error } = parsed.data;
  if (typeof terminalId === 'string' && terminalId !== '') return { ok: true, terminalId };
  if (typeof error === 'string' && error !== '') return { ok: false, error };
  return { ok: false, error: terminalMessages.noId };
}

const limits = { cols: [2, 1000], rows: [2, 500] } as const;
const clamp = (n: number, [min, max]: readonly [number, number]) => Math.min(max, Math.max(min, Math.round(n)));

/** A terminal size within what the server accepts (terminalDimensionsSchema). */
export const terminalDimensions = (cols: number, rows: number) => ({ cols: clamp(cols, limits.cols), rows: clamp(rows, limits.rows) });
