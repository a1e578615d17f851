import { AppError } from '@syrx/contracts/errors';
import { controllerMessages, type EnabledService } from '@syrx/contracts/controllers';
import { canonicalServiceId, serviceIds } from '@syrx/contracts/services';
import type { Db } from '../../db/client.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import type { Actor } from '../../security/actor.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { ControllersService } from './controllers.service.ts';
import { enabledServicesRepo } from './enabled-services.repo.ts';

/** What a replacement changed: services added and removed, and assigned versions changed. */
function changesOf(before: EnabledService[], after: { service_id: string; assigned_version: string }[]) {
  const was = new Map(before.map((s) => [s.service_id, s.assigned_version]));
  const now = new Map(after.map((s) => [s.service_id, s.assigned_version]));
  return {
    added: after.filter((s) => !was.has(s.service_id)).map((s) => ({ service_id: s.service_id, assigned_version: s.assigned_version })),
    removed: before.filter((s) => !now.has(s.service_id)).map((s) => s.service_id),
    changed: after.flatMap((s) => {
      const from = was.get(s.service_id);
      return from !== undefined && from !== s.assigned_version ? [{ service_id: s.service_id, from, to: s.assigned_version }] : [];
    }),
  };
}

/** @param audit records every replacement that changed something (controller.services.change) */
export function createEnabledServicesService(db: Db, controllers: ControllersService, events: DomainEvents, audit: AuditRecorder = { record: async () => undefined }) {
  return {
    async list(actor: Actor, id: string): Promise<EnabledService[]> {
      await controllers.accessible(actor, id);
      return enabledServicesRepo.list(db, id);
    },

    async get(actor: Actor, id: string, serviceId: string): Promise<EnabledService> {
      await controllers.accessible(actor, id);
      const canonical = canonicalServiceId(serviceId);
      const s = canonical ? await enabledServicesRepo.find(db, id, canonical) : null;
      if (!s) throw AppError.notFound('The enabled service');
      return s;
    },

    /** Replaces the list; the updater always stays, and a service appears once. */
    async replace(actor: Actor, id: string, items: { service_id: string; assigned_version: string }[]): Promise<EnabledService[]> {
      controllers.requireManager(actor);
      const c = await controllers.accessible(actor, id);
      controllers.requireAdmin(actor, c.group_id);
      const ids = items.map((i) => i.service_id);
      if (!ids.includes(serviceIds.updater)) {
        throw AppError.badRequest(controllerMessages.updaterRequired, [{ field: 'service_id', message: controllerMessages.updaterRequired }]);
      }
      const dup = ids.find((s, i) => ids.indexOf(s) !== i);
      if (dup) throw AppError.badRequest(`${dup} is listed twice.`, [{ field: 'service_id', message: `${dup} is listed twice.` }]);
      await db.transaction(async (tx) => {
        const before = await enabledServicesRepo.replace(tx, id, items.map((i) => ({ serviceId: i.service_id, assignedVersion: i.assigned_version })));
        const changes = changesOf(before, items);
        if (changes.added.length + changes.removed.length + changes.changed.length === 0) return;
        await audit.record({ action: 'controller.services.change', actor, target: { type: 'syrx_controller', id, groupId: c.group_id }, details: changes }, tx);
      });
      events.emit('controller-config-changed', id);
      return enabledServicesRepo.list(db, id);
    },
  };
}
export type EnabledServicesService = ReturnType<typeof createEnabledServicesService>;
