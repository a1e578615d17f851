import type { AgentUploadAck } from '@syrx/contracts/agent-protocol';
import { AppError } from '@syrx/contracts/errors';
import { type GridQuery, pageOf } from '@syrx/contracts/grid';
import { type AgentLogEntry, type ServiceLogEntry, type ServiceLogLevel, serviceLogLevels } from '@syrx/contracts/service-logs';
import { canonicalServiceId } from '@syrx/contracts/services';
import type { Db } from '../../db/client.ts';
import { purgeExpired, type RetentionPolicy, retentionCutoff } from '../../lib/retention.ts';
import type { ControllersService } from '../controllers/controllers.service.ts';
import type { Actor } from '../../security/actor.ts';
import { type LogColumns, type LogSelection, serviceLogsRepo as repo } from './service-logs.repo.ts';

const day = 86_400_000;
/** Entries stamped later than this ahead of the server's clock are refused (a controller with a wrong clock). */
const maxFutureMs = day;

export type ServiceLogQuery = GridQuery & { minLogLevel: ServiceLogLevel };

/** The levels at or above the minimum. */
export const levelsFrom = (min: ServiceLogLevel): ServiceLogLevel[] => serviceLogLevels.slice(serviceLogLevels.indexOf(min));

/** A grid may sort by time only (newest first by default). */
function newestFirst(q: GridQuery): boolean {
  const [sort, ...more] = q.sort ?? [];
  if (!sort) return true;
  if (sort.field !== 'timestamp' || more.length > 0) {
    throw AppError.badRequest('Service logs sort by timestamp only.', [{ field: 'sort', message: `Unknown sort field: ${more[0]?.field ?? sort.field}` }]);
  }
  return sort.dir === 'desc';
}

/**
 * Service logs: the agents' shipped entries in (stored once per agent entry id), pages by minimum level out (newest
 * first), and the retention that deletes entries older than `retentionDays`.
 */
export function createServiceLogsService(db: Db, controllers: Pick<ControllersService, 'accessible'>, opts: { retentionDays: number }) {
  const retention: RetentionPolicy = { days: opts.retentionDays, chunk: 10_000, deleteOlderThan: (cutoff, limit) => repo.deleteOlderThan(db, cutoff, limit) };

  async function selection(actor: Actor, controllerId: string, serviceId: string, min: ServiceLogLevel): Promise<LogSelection> {
    await controllers.accessible(actor, controllerId);
    return { controllerId, serviceId: canonicalServiceId(serviceId) ?? serviceId, levels: levelsFrom(min) };
  }

  return {
    /** A batch from the controller's agent. Entries past retention (or far in the future) are acknowledged, not kept. */
    async fromAgent(controllerId: string, entries: AgentLogEntry[], now = Date.now()): Promise<AgentUploadAck> {
      const oldest = retentionCutoff(opts.retentionDays, now).getTime();
      const c: LogColumns = { entryIds: [], serviceIds: [], times: [], levels: [], loggers: [], messages: [], exceptions: [] };
      for (const e of entries) {
        if (e.timestamp < oldest || e.timestamp > now + maxFutureMs) continue;
        c.entryIds.push(e.id);
        c.serviceIds.push(canonicalServiceId(e.service_id) ?? e.service_id);
        c.times.push(e.timestamp);
        c.levels.push(e.level);
        c.loggers.push(e.logger);
        c.messages.push(e.message);
        c.exceptions.push(e.exception);
      }
      const stored = c.entryIds.length > 0 ? await repo.insert(db, controllerId, c) : 0;
      return { ok: true, stored };
    },

    async list(actor: Actor, controllerId: string, serviceId: string, q: ServiceLogQuery): Promise<ServiceLogEntry[]> {
      const order = newestFirst(q);
      return repo.page(db, await selection(actor, controllerId, serviceId, q.minLogLevel), order, pageOf(q, 50));
    },

    async count(actor: Actor, controllerId: string, serviceId: string, min: ServiceLogLevel): Promise<number> {
      return repo.count(db, await selection(actor, controllerId, serviceId, min));
    },

    /** Entries older than the retention, deleted by the server's retention task. */
    retention,
    purgeExpired: (now = Date.now()): Promise<number> => purgeExpired(retention, now),
  };
}
export type ServiceLogsService = ReturnType<typeof createServiceLogsService>;
