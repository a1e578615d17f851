import { type SQL, and, eq, notInArray, sql } from 'drizzle-orm';
import type { EnabledService } from '@syrx/contracts/controllers';
import type { DbOrTx } from '../../db/client.ts';
import { criticalServiceStatuses, enabledServices } from '../../db/schema/index.ts';
import { qualified } from '../../db/qualified.ts';
import { inUuids } from '../../db/array-params.ts';

/** A value of the controller's status row (critical_service_statuses), which every heartbeat writes. */
const ofStatusRow = (value: SQL) => sql`(select ${value} from ${criticalServiceStatuses}
  where ${criticalServiceStatuses.syrxControllerId} = ${qualified(enabledServices.syrxControllerId)})`;

const columns = {
  syrx_controller_id: enabledServices.syrxControllerId,
  service_id: enabledServices.serviceId,
  assigned_version: enabledServices.assignedVersion,
  reported_version: enabledServices.reportedVersion,
  /**
   * The agent's last heartbeat since one first reached the service: last_contact is written at the first and when the
   * service's version or rollout changes, the controller's reported_at at every heartbeat (heartbeats.repo.ts).
   */
  last_contact: sql<string | null>`to_char(case when ${enabledServices.lastContact} is null then null else greatest(${enabledServices.lastContact},
    ${ofStatusRow(sql`${criticalServiceStatuses.reportedAt}`)}) end at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  /** What the service said about itself in the agent's latest heartbeat, kept in the controller's status row (heartbeats.repo.ts). */
  diagnostics: sql<EnabledService['diagnostics']>`${ofStatusRow(sql`${criticalServiceStatuses.serviceDiagnostics} -> ${qualified(enabledServices.serviceId)}`)}`,
  rollout: sql<EnabledService['rollout']>`${enabledServices.rollout}`,
};

export const enabledServicesRepo = {
  list(db: DbOrTx, controllerId: string): Promise<EnabledService[]> {
    return enabledServicesRepo.listOf(db, [controllerId]);
  },

  /** The enabled services of the controllers, by controller and service. */
  listOf(db: DbOrTx, controllerIds: readonly string[]): Promise<EnabledService[]> {
    return db
      .select(columns)
      .from(enabledServices)
      .where(inUuids(enabledServices.syrxControllerId, controllerIds))
      .orderBy(enabledServices.syrxControllerId, enabledServices.serviceId);
  },

  /** The controllers that have the service enabled. */
  async controllersWith(db: DbOrTx, serviceId: string): Promise<string[]> {
    const rows = await db.select({ id: enabledServices.syrxControllerId }).from(enabledServices).where(eq(enabledServices.serviceId, serviceId));
    return rows.map((r) => r.id);
  },

  async find(db: DbOrTx, controllerId: string, serviceId: string): Promise<EnabledService | null> {
    const [row] = await db
      .select(columns)
      .from(enabledServices)
      .where(and(eq(enabledServices.syrxControllerId, controllerId), eq(enabledServices.serviceId, serviceId)));
    return row ?? null;
  },

  /**
   * Replaces the list, keeping what the agent reported for services that stay; answers the list as it was. Call it in
   * a transaction: the controller's rows are read and locked first, in service order, the order in which heartbeats
   * lock them (heartbeats.repo.ts), so the two wait for each other rather than deadlock; the rows written after are
   * those already locked, or new ones.
   */
  async replace(db: DbOrTx, controllerId: string, items: { serviceId: string; assignedVersion: string }[]): Promise<EnabledService[]> {
    const before = await db
      .select(columns)
      .from(enabledServices)
      .where(eq(enabledServices.syrxControllerId, controllerId))
      .orderBy(enabledServices.serviceId)
      .for('update');
    const keep = items.map((i) => i.serviceId);
    await db
      .delete(enabledServices)
      .where(and(eq(enabledServices.syrxControllerId, controllerId), keep.length ? notInArray(enabledServices.serviceId, keep) : sql`true`));
    for (const i of items) {
      await db
        .insert(enabledServices)
        .values({ syrxControllerId: controllerId, serviceId: i.serviceId, assignedVersion: i.assignedVersion })
        .onConflictDoUpdate({ target: [enabledServices.syrxControllerId, enabledServices.serviceId], set: { assignedVersion: i.assignedVersion } });
    }
    return before;
  },
};
