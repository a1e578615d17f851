import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '@syrx/contracts/errors';
import type { z } from 'zod';
import type { recordBackfillRequestSchema } from '@syrx/contracts/records';
import type { Db } from '../../db/client.ts';
import { bacnetPoints } from '../../db/schema/index.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import type { Actor } from '../../security/actor.ts';
import type { ControllersService } from '../controllers/controllers.service.ts';
import type { AgentLink } from '../realtime/agent-link.service.ts';

export interface RecordBackfillDeps {
  db: Db;
  controllers: Pick<ControllersService, 'accessible' | 'requireAdmin' | 'requireManager'>;
  agentLink: Pick<AgentLink, 'isConnected'>;
  events: DomainEvents;
}

/**
 * Backfill on request: the controller's agent reads the points' trend logs over the range and uploads the records
 * through its buffer, marked backfilled (stored once by point and time). The same rights as changing the controller.
 */
export function createRecordBackfillService({ db, controllers, agentLink, events }: RecordBackfillDeps) {
  return {
    async request(actor: Actor, q: z.infer<typeof recordBackfillRequestSchema>): Promise<{ requested: true }> {
      controllers.requireManager(actor);
      const controllerId = q.syrx_controller_id;
      controllers.requireAdmin(actor, (await controllers.accessible(actor, controllerId)).group_id);
      const ids = q.bacnet_point_ids ? [...new Set(q.bacnet_point_ids)] : undefined;
      if (ids) {
        const own = await db.select({ id: bacnetPoints.id }).from(bacnetPoints).where(and(eq(bacnetPoints.syrxControllerId, controllerId), inArray(bacnetPoints.id, ids)));
        if (own.length !== ids.length) throw AppError.badRequest('Every point must be one of the controller\'s.', [{ field: 'bacnet_point_ids', message: 'A point of another controller, or none' }]);
      }
      if (!(await agentLink.isConnected(controllerId))) throw AppError.conflict('The controller\'s agent is not connected; ask again once it is.');
      events.emit('records-backfill-requested', controllerId, { ...(ids ? { point_ids: ids } : {}), from: Date.parse(q.from), to: Date.parse(q.to) });
      return { requested: true };
    },
  };
}
export type RecordBackfillService = ReturnType<typeof createRecordBackfillService>;
