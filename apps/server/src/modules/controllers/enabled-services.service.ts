import { AppError } from '@syrx/contracts/errors';
import { controllerMessages, type EnabledService } from '@syrx/contracts/controllers';
import { canonicalServiceId, serviceIds } from '@syrx/contracts/services';
import type { Db } from '../../db/client.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import type { Actor } from '../users/users.service.ts';
import type { ControllersService } from './controllers.service.ts';
import { enabledServicesRepo } from './enabled-services.repo.ts';

export function createEnabledServicesService(db: Db, controllers: ControllersService, events: DomainEvents) {
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
      controllers.requireAdmin(actor);
      await controllers.accessible(actor, id);
      const ids = items.map((i) => i.service_id);
      if (!ids.includes(serviceIds.updater)) {
        throw AppError.badRequest(controllerMessages.updaterRequired, [{ field: 'service_id', message: controllerMessages.updaterRequired }]);
      }
      const dup = ids.find((s, i) => ids.indexOf(s) !== i);
      if (dup) throw AppError.badRequest(`${dup} is listed twice.`, [{ field: 'service_id', message: `${dup} is listed twice.` }]);
      await db.transaction((tx) => enabledServicesRepo.replace(tx, id, items.map((i) => ({ serviceId: i.service_id, assignedVersion: i.assigned_version }))));
      events.emit('controller-config-changed', id);
      return enabledServicesRepo.list(db, id);
    },
  };
}
export type EnabledServicesService = ReturnType<typeof createEnabledServicesService>;
