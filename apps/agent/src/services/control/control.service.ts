import { agentEvents, terminalAgentSchemas } from '@syrx/contracts/agent-protocol';
import { serviceIds, serviceUnits } from '@syrx/contracts/services';
import { isServiceEnabled } from '../../lib/enabled-services.ts';
import type { Logger } from '../../logger.ts';
import type { ServiceModule } from '../service-module.ts';
import { Terminals, type TerminalsOptions } from './terminals.ts';

export interface ControlServiceOptions extends TerminalsOptions {
  version: string;
  logger: Logger;
}

export type ControlService = ServiceModule & {
  /** Terminals open now. */
  openTerminals(): number;
};

const notEnabled = 'The control service is not enabled on this controller.';

/**
 * The control service: while the configuration enables it, runs terminals for the server (server/agent/terminal-open
 * acknowledged { ok: true } or { ok: false, error }; input, resize, close), relaying each one's output and exit. All
 * are closed when the service is disabled or stopped and when the connection to the server is lost.
 */
export function createControlService(o: ControlServiceOptions): ControlService {
  const { logger } = o;
  let enabled = false;
  let terminals: Terminals | null = null;
  const closeAll = (why: string) => {
    if (terminals && terminals.count > 0) logger.info({ terminals: terminals.count, why }, 'closing every terminal');
    void terminals?.closeAll();
  };

  return {
    id: serviceIds.control,
    version: o.version,
    unit: serviceUnits[serviceIds.control],
    state: () => (enabled ? 'active' : 'inactive'),
    diagnostics: () => ({ open_terminals: terminals?.count ?? 0 }),
    openTerminals: () => terminals?.count ?? 0,
    start(context) {
      const emit = (event: string, payload: unknown) => context.emit?.(event, payload);
      const open = new Terminals({
        output: (terminalId, data) => emit(agentEvents.terminalOutput, { terminalId, data }),
        exit: (terminalId, exitCode) => {
          logger.info({ terminalId, exitCode }, 'terminal ended');
          emit(agentEvents.terminalExit, { terminalId, exitCode });
        },
      }, o);
      terminals = open;
      context.on?.(agentEvents.terminalOpen, (payload, ack) => {
        const p = terminalAgentSchemas.open.safeParse(payload);
        if (!p.success) return ack?.({ ok: false, error: 'The terminal request is not valid.' });
        if (!enabled) return ack?.({ ok: false, error: notEnabled });
        try {
          open.open(p.data.terminalId, p.data.cols, p.data.rows);
          logger.info({ terminalId: p.data.terminalId, cols: p.data.cols, rows: p.data.rows }, 'terminal opened');
          ack?.({ ok: true });
        } catch (err) {
          logger.warn({ terminalId: p.data.terminalId, err: err instanceof Error ? err.message : String(err) }, 'terminal refused');
          ack?.({ ok: false, error: err instanceof Error ? err.message : String(err) });
        }
      });
      context.on?.(agentEvents.terminalInput, (payload) => {
        const p = terminalAgentSchemas.input.safeParse(payload);
        if (p.success) open.input(p.data.terminalId, p.data.data);
      });
      context.on?.(agentEvents.terminalResize, (payload) => {
        const p = terminalAgentSchemas.resize.safeParse(payload);
        if (p.success) open.resize(p.data.terminalId, p.data.cols, p.data.rows);
      });
      context.on?.(agentEvents.terminalClose, (payload, ack) => {
        const p = terminalAgentSchemas.close.safeParse(payload);
        if (p.success) void open.close(p.data.terminalId);
        ack?.({ ok: p.success });
      });
      context.onDisconnect?.(() => closeAll('disconnected from the server'));
    },
    configure(config) {
      enabled = isServiceEnabled(config, serviceIds.control);
      if (!enabled) closeAll('the control service was disabled');
    },
    async stop() {
      enabled = false;
      await terminals?.closeAll();
    },
  };
}
