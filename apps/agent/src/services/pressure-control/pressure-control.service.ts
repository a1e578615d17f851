import { agentEvents } from '@syrx/contracts/agent-protocol';
import { objectIdLabel, standardObjectName } from '@syrx/contracts/bacnet';
import { disabledPressureConfig, type PressureAgentConfig, type PressureStatus } from '@syrx/contracts/pressure-control';
import { serviceIds, serviceUnits } from '@syrx/contracts/services';
import type { Logger } from '../../logger.ts';
import type { ServiceContext, ServiceModule } from '../service-module.ts';
import { runIteration, type NetworkSource } from './pressure-iteration.ts';
import { OutputCommand } from './pressure-output.ts';

export interface PressureControlServiceOptions {
  version: string;
  logger: Logger;
  /** The agent's BACnet interface (the query service's `bacnet`). */
  bacnet: NetworkSource;
  /** Overrides the configuration's interval_seconds (tests run the loop every second). */
  intervalSeconds?: number;
}

export type PressureControlService = ServiceModule & {
  /** Resolves once the iteration under way, if any, has finished. */
  idle(): Promise<void>;
};

const isOkAck = (ack: unknown) => typeof ack === 'object' && ack !== null && (ack as { ok?: unknown }).ok === true;

/**
 * The building pressure control service (docs/pressure-control.md): while AgentConfig.pressure_control is enabled,
 * an iteration every interval — and at once when the configuration changes — reads the OAT and the transmitters,
 * writes Pnorm to the output point when output is enabled, relinquishes it when output goes off, and reports the
 * iteration on agent/server/pressure-status. Nothing stops the loop: failures are the reported exception.
 */
export function createPressureControlService(opts: PressureControlServiceOptions): PressureControlService {
  const { logger } = opts;
  let config: PressureAgentConfig = disabledPressureConfig;
  let context: ServiceContext | null = null;
  const output = new OutputCommand();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let rerun = false;
  let stopped = true;
  let iterations = 0;
  let last: PressureStatus | null = null;
  let lastExceptionMessage: string | null = null;
  /** A relinquish the server has not acknowledged yet: carried in the next statuses until it is. */
  let owedRelinquish: PressureStatus['relinquished'] = null;

  // Relinquishing goes on while disabled until it has succeeded.
  const wanted = () => !stopped && (config.enabled || output.pending);
  const intervalMs = () => Math.max(1, opts.intervalSeconds ?? config.interval_seconds) * 1000;
  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = wanted() ? setTimeout(tick, ms) : undefined;
  };
  /** Runs an iteration now, or right after the one under way; the next follows an interval after it ends. */
  function tick(): void {
    clearTimeout(timer);
    timer = undefined;
    if (running) { rerun = true; return; }
    if (!wanted()) return;
    running = iterate().finally(() => {
      running = null;
      const soon = rerun;
      rerun = false;
      schedule(soon ? 0 : intervalMs());
    });
  }

  async function iterate(): Promise<void> {
    try {
      const status = await runIteration(opts.bacnet, config, output);
      logOutput(status);
      status.relinquished ??= owedRelinquish;
      owedRelinquish = status.relinquished;
      iterations++;
      last = status;
      const message = status.exception?.message ?? null;
      if (message !== null) logger[message === lastExceptionMessage ? 'debug' : 'warn']({ type: status.exception?.type, message }, 'pressure control: iteration failed');
      lastExceptionMessage = message;
      report(status);
    } catch (err) {
      logger.error({ err: String(err) }, 'pressure control: iteration fault'); // runIteration does not reject
    }
  }

  /** What the iteration did to the output, at info with its device and object (the live log and service log show it). */
  function logOutput(status: PressureStatus): void {
    const point = config.pnorm_output_point;
    const where = point ? { device: point.device_instance_number, object: standardObjectName(objectIdLabel(point.object_type, point.instance_number)) } : {};
    if (status.write) logger.info({ ...where, value: status.write.value, priority: status.write.priority }, 'pressure control: Pnorm written');
    if (status.relinquished) logger.info({ pointId: status.relinquished.point_id, priority: status.relinquished.priority }, 'pressure control: output relinquished');
  }

  /**
   * Sends the status once (not while disconnected: the next iteration reports again); a failure is logged. A
   * relinquish is the one event a later status would not repeat, so it is owed until acknowledged.
   */
  function report(status: PressureStatus): void {
    if (!context || context.connected?.() === false) return logger.debug('pressure control: not connected; status not reported');
    context.emitWithAck(agentEvents.pressureStatus, status).then(
      (ack) => {
        if (!isOkAck(ack)) return logger.warn({ ack }, 'pressure control: the server refused the status');
        if (owedRelinquish === status.relinquished) owedRelinquish = null;
      },
      (err: unknown) => logger.warn({ err: String(err) }, 'pressure control: the status was not acknowledged'),
    );
  }

  return {
    id: serviceIds.pressure,
    version: opts.version,
    unit: serviceUnits[serviceIds.pressure],
    state: () => (config.enabled ? 'active' : 'inactive'),
    diagnostics: () => ({
      iterations,
      last_iteration: last ? new Date(last.timestamp).toISOString() : null,
      last_pnorm: last?.pnorm?.value ?? null,
      output_commanded: output.holding,
      // No exception here: the status carries it and the status panel's "Last exception" is its one place.
    }),
    start(ctx) {
      context = ctx;
      stopped = false;
      tick();
    },
    configure(c) {
      const next = c.pressure_control;
      if (JSON.stringify(next) === JSON.stringify(config)) return;
      if (next.enabled !== config.enabled || next.is_output_enabled !== config.is_output_enabled) {
        logger.info({ enabled: next.enabled, output: next.is_output_enabled, transmitters: next.transmitters.length }, 'pressure control configuration');
      }
      config = next;
      output.plan(next);
      tick();
    },
    idle: async () => { await running; },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
