import type { SQL } from 'drizzle-orm';
import { relinquishPriorityResultSchema } from '@syrx/contracts/agent-protocol';
import { AppError } from '@syrx/contracts/errors';
import { type PointHealthFinding, pointHealthMessages } from '@syrx/contracts/point-health';
import { deviceTargetOf } from '@syrx/contracts/realtime';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../security/actor.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { ControllersService } from '../controllers/controllers.service.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import type { AgentLink } from '../realtime/agent-link.service.ts';
import { findingsRepo, type RelinquishTarget } from './findings.repo.ts';

export interface RelinquishDeps {
  db: Db;
  controllers: Pick<ControllersService, 'requireAdmin' | 'requireManager'>;
  groups: Pick<GroupsService, 'visibleSql'>;
  agentLink: Pick<AgentLink, 'call'>;
  audit: AuditRecorder;
}

const findingNotFound = () => AppError.notFound('The finding');

/**
 * Relinquishing an override from a finding (docs/point-health.md): a BACnet write of NULL to the point's present-value
 * at the override's priority, through the controller's agent, which reads the point back; the slot must then be empty.
 * Every attempt is audited as bacnet.write (done, or why not). Same rights as changing the controller.
 */
export function createRelinquishService({ db, controllers, groups, agentLink, audit }: RelinquishDeps) {
  const auditWrite = (actor: Actor, t: RelinquishTarget, outcome: Record<string, unknown>, tx?: DbOrTx) =>
    audit.record({
      action: 'bacnet.write', actor, target: { type: 'syrx_controller', id: t.syrx_controller_id, groupId: t.group_id },
      details: {
        reason: 'relinquish override', finding_id: t.id, bacnet_point_id: t.point_id, device_instance: t.instance_number, object_type: t.object_type,
        object_instance: t.object_instance, priority: t.priority, value: null, previous_value: t.present_value, ...outcome,
      },
    }, tx);

  return {
    async relinquish(actor: Actor, findingId: number): Promise<PointHealthFinding> {
      controllers.requireManager(actor);
      const visible = (g: SQL) => groups.visibleSql(actor, g);
      const t = await findingsRepo.relinquishTarget(db, visible, findingId);
      if (!t) throw findingNotFound();
      controllers.requireAdmin(actor, t.group_id);
      if (t.category !== 'overridden' || t.priority === null || t.object_type === null || t.object_instance === null) {
        throw AppError.badRequest(pointHealthMessages.notOverride, [{ field: 'id', message: pointHealthMessages.notOverride }]);
      }
      const priority = t.priority;
      let slot: unknown;
      try {
        const answer = await agentLink.call(t.syrx_controller_id, {
          requestType: 'RelinquishPriority', ...deviceTargetOf(t), objectType: t.object_type, objectInstance: t.object_instance, priority,
        });
        const read = relinquishPriorityResultSchema.safeParse(answer.Data);
        slot = read.success ? read.data.priority_array?.[priority - 1] : undefined;
      } catch (err) {
        await auditWrite(actor, t, { outcome: 'failed', error: err instanceof Error ? err.message : String(err) });
        throw err;
      }
      if (slot !== null) {
        await auditWrite(actor, t, { outcome: 'still held' });
        throw new AppError('bad_gateway', 502, pointHealthMessages.stillHeld);
      }
      await db.transaction(async (tx) => {
        await findingsRepo.markRelinquished(tx, t.id, actor.userId);
        await auditWrite(actor, t, { outcome: 'done' }, tx);
      });
      const finding = await findingsRepo.get(db, visible, t.id);
      if (!finding) throw findingNotFound();
      return finding;
    },
  };
}
export type RelinquishService = ReturnType<typeof createRelinquishService>;
