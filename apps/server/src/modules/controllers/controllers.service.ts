import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '@syrx/contracts/errors';
import { type CriticalStatusReport, controllerMessages, type SyrxController } from '@syrx/contracts/controllers';
import { type GridQuery, pageOf } from '@syrx/contracts/grid';
import { defaultEnabledServiceIds } from '@syrx/contracts/services';
import { defaultAssignedRange } from '@syrx/contracts/semver-range';
import type { Db } from '../../db/client.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { type Gate, gatedCount, gatedRows } from '../../lib/gated-read.ts';
import { dummySecretHash, hashSecret, verifySecret } from '../../lib/passwords.ts';
import { newPassword } from '../../lib/tokens.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import { grantsAnywhere, grantsIn } from '../roles/group-grants.service.ts';
import type { Actor } from '../../security/actor.ts';
import { type ControllerFilter, controllerGateSql, controllersRepo, deviceGateSql, sortableControllerFields } from './controllers.repo.ts';
import { enabledServicesRepo } from './enabled-services.repo.ts';
import { statusReportsRepo } from './status-reports.repo.ts';
import { isUuid } from '../../lib/uuid.ts';

export const pcsAdmin = 'pcs_admin';
/** The group permission that lets a group role's holder manage the group's controllers as pcs_admin does. */
export const groupControllersManage = 'group_controllers_manage';
const needsAdmin = 'Managing Syrx controllers needs the pcs_admin permission.';
/** Every new controller runs the updater, which fetches the rest; any 1.x version will do until someone narrows it. */
export const defaultUpdaterRange = defaultAssignedRange();
/**
 * What a new controller runs from the start (issue 24: points selected for reporting on a new controller did nothing
 * while reporting was off): the updater, and the network query, reporting and diagnostic services at the built-in
 * versions' range.
 */
const newControllerServices = defaultEnabledServiceIds.map((serviceId) => ({ serviceId, assignedVersion: defaultUpdaterRange }));

/** An access gate as an SQL condition for the read to carry, with its verdict asked alone (lib/gated-read.ts). */
export interface SqlGate extends Gate {
  condition: SQL;
}

export interface ControllerListQuery extends GridQuery {
  root_group_id?: number | undefined;
}

const controllerNotFound = () => AppError.notFound('The Syrx controller');
/** The audit's target for a controller. */
const targetOf = (id: string, groupId: number | null) => ({ type: 'syrx_controller', id, groupId });

/**
 * @param audit records creating, registering and deleting controllers (the CLI's factory provisioning is not audited)
 */
export function createControllersService(db: Db, groups: GroupsService, events: DomainEvents, audit: AuditRecorder = { record: async () => undefined }) {
  /**
   * pcs_admin; with a group, also a group role granting group_controllers_manage in that group (or a group above it).
   * Without a group (every group's controllers), only pcs_admin.
   */
  const requireAdmin = (actor: Actor, groupId?: number | null) => {
    if (actor.permissions.has(pcsAdmin)) return;
    if (groupId === undefined || !grantsIn(actor.groupGrants, groupControllersManage, groupId)) throw AppError.forbidden(needsAdmin);
  };
  /** The first check of a change, before the controller is looked up: pcs_admin, or group_controllers_manage somewhere. */
  const requireManager = (actor: Actor) => {
    if (!actor.permissions.has(pcsAdmin) && !grantsAnywhere(actor.groupGrants, groupControllersManage)) throw AppError.forbidden(needsAdmin);
  };

  /** The controller if the actor may see it: claimed into a visible group. Otherwise 404, so ids do not leak. */
  async function accessible(actor: Actor, id: string) {
    // Socket payloads are not route parameters: an id that is no UUID is simply not found (not a database error).
    const c = isUuid(id) ? await controllersRepo.find(db, id) : null;
    // An administrator who sees every group needs no visibility query (the group exists: the row refers to it).
    if (!c || c.group_id === null || !(actor.allowAll || (await groups.canSee(actor, c.group_id)))) throw controllerNotFound();
    return c;
  }

  /** The controller of a BACnet device if the actor may see it; null otherwise (no such device, or not visible). */
  async function accessibleOfDevice(actor: Actor, deviceId: number): Promise<SyrxController | null> {
    const c = await controllersRepo.findOfDevice(db, deviceId);
    if (!c || c.group_id === null || !(actor.allowAll || (await groups.canSee(actor, c.group_id)))) return null;
    return c;
  }

  /**
   * Gates for reads about a controller or a device's controller (lib/gated-read.ts): the same rule as accessible and
   * accessibleOfDevice, as an SQL condition the read carries, so the read needs no check before it.
   */
  const gateOf = (condition: SQL, closed: () => Error): SqlGate => ({ condition, closed, isOpen: () => controllersRepo.gateOpen(db, condition) });
  const controllerGate = (actor: Actor, id: string): SqlGate =>
    isUuid(id)
      ? gateOf(controllerGateSql(id, (g) => groups.visibleSql(actor, g)), controllerNotFound)
      // An id that is no UUID names no controller (and would be a database error as a value): shut, no query to ask.
      : { condition: sql`false`, closed: controllerNotFound, isOpen: () => Promise.resolve(false) };
  const deviceGate = (actor: Actor, deviceId: number): SqlGate => gateOf(deviceGateSql(deviceId, (g) => groups.visibleSql(actor, g)), () => AppError.notFound('The BACnet device'));

  /**
   * Which controllers a listing covers: a group's subtree behind the gate "the group is one the actor sees" (carried by
   * the read, so a page or a count is one round trip; lib/gated-read.ts), or, for administrators, every group they see.
   */
  function scopeOf(actor: Actor, rootGroupId: number | undefined): { filter: ControllerFilter; gate?: SqlGate } {
    if (rootGroupId !== undefined) {
      const gate: SqlGate = { condition: groups.seenSql(actor, rootGroupId), closed: () => AppError.notFound('The group'), isOpen: () => groups.canSee(actor, rootGroupId) };
      return { filter: { subtreeOf: rootGroupId }, gate };
    }
    requireAdmin(actor);
    return { filter: actor.allowAll ? { all: true } : { visibleTo: actor } };
  }

  async function insertController(actor: Actor, groupId: number, input: { name: string; description: string }): Promise<SyrxController & { password: string }> {
    const id = randomUUID();
    const password = newPassword();
    const secretHash = hashSecret(password);
    await db.transaction(async (tx) => {
      await controllersRepo.insert(tx, { id, groupId, name: input.name, description: input.description, secretHash, claimedAt: new Date() });
      await enabledServicesRepo.replace(tx, id, newControllerServices);
      await audit.record({ action: 'controller.create', actor, target: targetOf(id, groupId), details: { name: input.name } }, tx);
    });
    const c = await controllersRepo.find(db, id);
    if (!c) throw new Error('created controller vanished');
    return { id, group_id: c.group_id, group_name: c.group_name, name: c.name, description: c.description, password };
  }

  async function get(actor: Actor, id: string): Promise<SyrxController> {
    const { secretHash: _s, claimedAt: _c, ...c } = await accessible(actor, id);
    return c;
  }

  return {
    accessible,
    accessibleOfDevice,
    controllerGate,
    deviceGate,
    requireAdmin,
    requireManager,
    get,

    async list(actor: Actor, q: ControllerListQuery): Promise<SyrxController[]> {
      const sort = (q.sort ?? []).filter((s) => sortableControllerFields.includes(s.field));
      if (q.sort && sort.length !== q.sort.length) {
        throw AppError.badRequest(`Sort by one of: ${sortableControllerFields.join(', ')}.`, [{ field: 'sort', message: 'Unknown sort field' }]);
      }
      const { filter, gate } = scopeOf(actor, q.root_group_id);
      const read = () => controllersRepo.list(db, filter, pageOf(q), sort, gate?.condition);
      return gate ? gatedRows(gate, read) : read();
    },

    async count(actor: Actor, rootGroupId: number | undefined): Promise<number> {
      const { filter, gate } = scopeOf(actor, rootGroupId);
      const read = () => controllersRepo.count(db, filter, gate?.condition);
      return gate ? gatedCount(gate, read) : read();
    },

    /** Creates a controller in a group the actor sees (default: their current group); the password is returned once. */
    async create(actor: Actor, input: { name: string; description: string; group_id?: number | undefined }, currentGroupId: number | null) {
      requireManager(actor);
      const groupId = input.group_id ?? currentGroupId;
      if (groupId === null) throw AppError.badRequest('Choose a group for the controller.', [{ field: 'group_id', message: 'Required' }]);
      if (!(await groups.canSee(actor, groupId))) throw AppError.notFound('The group');
      requireAdmin(actor, groupId);
      return insertController(actor, groupId, input);
    },

    async update(actor: Actor, id: string, input: { name: string; description: string; group_id?: number | undefined }): Promise<SyrxController> {
      requireManager(actor);
      requireAdmin(actor, (await accessible(actor, id)).group_id);
      if (input.group_id !== undefined && !(await groups.canSee(actor, input.group_id))) throw AppError.notFound('The group');
      if (input.group_id !== undefined) requireAdmin(actor, input.group_id);
      await controllersRepo.update(db, id, { name: input.name, description: input.description, ...(input.group_id !== undefined ? { groupId: input.group_id } : {}) });
      return get(actor, id);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      requireManager(actor);
      const c = await accessible(actor, id);
      requireAdmin(actor, c.group_id);
      await db.transaction(async (tx) => {
        await controllersRepo.delete(tx, id);
        await audit.record({ action: 'controller.delete', actor, target: targetOf(id, c.group_id), details: { name: c.name } }, tx);
      });
      events.emit('controller-deleted', id);
    },

    /** Claims an unclaimed controller into the actor's current group. Every failure reads the same. */
    async register(actor: Actor, currentGroupId: number | null, id: string, password: string): Promise<SyrxController> {
      const c = await controllersRepo.find(db, id);
      const ok = await verifySecret(c?.secretHash ?? dummySecretHash, password);
      if (!c || !ok || c.group_id !== null) throw new AppError('bad_request', 400, controllerMessages.registrationFailed);
      if (currentGroupId === null) throw AppError.badRequest('Choose a current group before registering a controller.');
      const claimed = await db.transaction(async (tx) => {
        if (!(await controllersRepo.claim(tx, id, currentGroupId))) return false;
        await audit.record({ action: 'controller.register', actor, target: targetOf(id, currentGroupId), details: {} }, tx);
        return true;
      });
      if (!claimed) throw new AppError('bad_request', 400, controllerMessages.registrationFailed);
      return get(actor, id);
    },

    /** The agent's latest report of its critical systemd units and whether it still counts, or null before it reported. */
    async criticalStatuses(actor: Actor, id: string): Promise<CriticalStatusReport | null> {
      await accessible(actor, id);
      return statusReportsRepo.find(db, id);
    },

    /** Factory provisioning: unclaimed controllers with their ids and passwords (the printed label). */
    async provision(count: number): Promise<{ id: string; password: string }[]> {
      const out: { id: string; password: string }[] = [];
      for (let i = 0; i < count; i++) {
        const id = randomUUID();
        const password = newPassword();
        const secretHash = hashSecret(password);
        await db.transaction(async (tx) => {
          await controllersRepo.insert(tx, { id, groupId: null, secretHash });
          await enabledServicesRepo.replace(tx, id, newControllerServices);
        });
        out.push({ id, password });
      }
      return out;
    },
  };
}
export type ControllersService = ReturnType<typeof createControllersService>;
