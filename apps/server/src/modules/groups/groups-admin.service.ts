import { AppError } from '@syrx/contracts/errors';
import {
  type GroupDependent, type GroupDetail, groupDependentLabels, groupDependents, groupMessages, type groupCreateSchema,
  type groupUpdateSchema,
} from '@syrx/contracts/groups';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isReferenceViolation } from '../../lib/pg-errors.ts';
import type { Actor } from '../../security/actor.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import { type GroupRow, groupsAdminRepo as repo } from './groups-admin.repo.ts';
import { groupsRepo } from './groups.repo.ts';

export type GroupCreateInput = z.output<typeof groupCreateSchema>;
export type GroupUpdateInput = z.output<typeof groupUpdateSchema>;

const detailCounts = ['members', 'subgroups', 'controllers', 'accounts', 'projects'] as const;
const badParent = (message: string) => AppError.badRequest(message, [{ field: 'parent_id', message }]);
const nameTaken = (name: string) => AppError.conflict(groupMessages.nameTaken(name), [{ field: 'name', message: groupMessages.nameTaken(name) }]);
const target = (id: number, groupId: number | null) => ({ type: 'group', id: String(id), groupId });

/** "2 members, 1 subgroup and 3 Syrx controllers". */
function listed(counts: Record<GroupDependent, number>): string {
  const parts = groupDependents.filter((d) => counts[d] > 0).map((d) => `${counts[d]} ${groupDependentLabels[d][counts[d] === 1 ? 0 : 1]}`);
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * Group administration (groups_manage; the routes check it): a user manages the groups they see. The top-level group
 * is neither moved nor deleted; a group never goes under itself or a descendant; sibling names differ (without case);
 * a group is deleted only when nothing hangs on it. Every change is audited in its transaction.
 */
export function createGroupsAdminService(db: Db, audit: AuditRecorder) {
  /** The group if the actor sees it; else 404, as an unknown one. */
  async function visible(tx: DbOrTx, actor: Actor, id: number): Promise<GroupRow> {
    const group = await repo.find(tx, id);
    if (!group || !(await groupsRepo.isVisible(tx, actor, id))) throw AppError.notFound('The group');
    return group;
  }

  async function requireParent(tx: DbOrTx, actor: Actor, parentId: number): Promise<void> {
    if (!(await repo.find(tx, parentId)) || !(await groupsRepo.isVisible(tx, actor, parentId))) throw badParent(groupMessages.unknownParent);
  }

  async function requireFreeName(tx: DbOrTx, parentId: number | null, name: string, exceptId: number | null): Promise<void> {
    if ((await repo.siblingNamed(tx, parentId, name, exceptId)) !== null) throw nameTaken(name);
  }

  /** Where the group may go: the top-level group stays on top; any other needs a visible parent outside its own subtree. */
  async function requireMove(tx: DbOrTx, actor: Actor, group: GroupRow, parentId: number | null): Promise<void> {
    if (group.parent_id === null) {
      if (parentId !== null) throw badParent(groupMessages.topLevelMove);
      return;
    }
    if (parentId === null) throw badParent(groupMessages.needsParent);
    if (parentId === group.parent_id) return;
    if (!(await groupsRepo.isVisible(tx, actor, group.parent_id))) throw badParent(groupMessages.parentHidden);
    await requireParent(tx, actor, parentId);
    if (await repo.isSelfOrBelow(tx, group.id, parentId)) throw badParent(groupMessages.cycle);
  }

  async function detail(actor: Actor, id: number): Promise<GroupDetail> {
    const group = await visible(db, actor, id);
    return { ...group, path: await repo.visibleAncestors(db, actor, id), counts: await repo.dependents(db, id, detailCounts) };
  }

  return {
    get: detail,

    async create(actor: Actor, input: GroupCreateInput): Promise<GroupDetail> {
      const id = await db.transaction(async (tx) => {
        await repo.lockTree(tx);
        await requireParent(tx, actor, input.parent_id);
        await requireFreeName(tx, input.parent_id, input.name, null);
        const requireTwoFactor = input.require_two_factor ?? false;
        const created = await repo.insert(tx, { name: input.name, parentId: input.parent_id, requireTwoFactor });
        const details = { name: input.name, parent_id: input.parent_id, require_two_factor: requireTwoFactor };
        await audit.record({ action: 'group.create', actor, target: target(created, created), details }, tx);
        return created;
      });
      return detail(actor, id);
    },

    /** Renames, moves and sets the two-factor requirement (kept when not given). */
    async update(actor: Actor, id: number, input: GroupUpdateInput): Promise<GroupDetail> {
      await db.transaction(async (tx) => {
        await repo.lockTree(tx);
        const group = await visible(tx, actor, id);
        await requireMove(tx, actor, group, input.parent_id);
        await requireFreeName(tx, input.parent_id, input.name, id);
        const after = { name: input.name, parent_id: input.parent_id, require_two_factor: input.require_two_factor ?? group.require_two_factor };
        const changes = Object.fromEntries((['name', 'parent_id', 'require_two_factor'] as const)
          .filter((k) => after[k] !== group[k]).map((k) => [k, { from: group[k], to: after[k] }]));
        if (Object.keys(changes).length === 0) return;
        await repo.update(tx, id, { name: after.name, parentId: after.parent_id, requireTwoFactor: after.require_two_factor });
        await audit.record({ action: 'group.update', actor, target: target(id, id), details: changes }, tx);
      });
      return detail(actor, id);
    },

    /** Deletes a group nothing hangs on; else 409 naming what does, with the counts in the details. */
    async remove(actor: Actor, id: number): Promise<void> {
      const inUse = async (tx: DbOrTx, group: GroupRow): Promise<AppError | null> => {
        const counts = await repo.dependents(tx, id, groupDependents);
        if (groupDependents.every((d) => counts[d] === 0)) return null;
        const details = Object.fromEntries(groupDependents.filter((d) => counts[d] > 0).map((d) => [d, counts[d]]));
        return new AppError('conflict', 409, groupMessages.inUse(group.name, listed(counts)), undefined, details);
      };
      try {
        await db.transaction(async (tx) => {
          await repo.lockTree(tx);
          const group = await visible(tx, actor, id);
          if (group.parent_id === null) throw AppError.badRequest(groupMessages.topLevelDelete);
          const refusal = await inUse(tx, group);
          if (refusal) throw refusal;
          await audit.record({ action: 'group.delete', actor, target: target(id, group.parent_id), details: { name: group.name, parent_id: group.parent_id } }, tx);
          await repo.delete(tx, id);
        });
      } catch (err) {
        // Something was added to the group meanwhile (a controller, an order): the same 409, counted afresh.
        if (!isReferenceViolation(err)) throw err;
        const group = await visible(db, actor, id);
        throw (await inUse(db, group)) ?? err;
      }
    },
  };
}
export type GroupsAdminService = ReturnType<typeof createGroupsAdminService>;
