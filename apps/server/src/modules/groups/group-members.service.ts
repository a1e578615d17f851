import { AppError } from '@syrx/contracts/errors';
import { type GroupController, type GroupMember, groupMessages } from '@syrx/contracts/groups';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../security/actor.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import { groupMembersRepo as repo } from './group-members.repo.ts';
import { groupsRepo } from './groups.repo.ts';

const candidateLimit = 20;
const usernames = (list: readonly GroupMember[], except: readonly GroupMember[]) =>
  list.filter((u) => !except.some((e) => e.id === u.id)).map((u) => u.username);

/**
 * A group's direct members (groups_manage; the routes check it), for groups the actor sees: listing them, setting them
 * (only users the actor sees, audited) and finding users to add; and the group's own controllers for its page.
 */
export function createGroupMembersService(db: Db, audit: AuditRecorder) {
  async function requireVisible(tx: DbOrTx, actor: Actor, groupId: number): Promise<void> {
    if (!(await groupsRepo.isVisible(tx, actor, groupId))) throw AppError.notFound('The group');
  }

  return {
    async members(actor: Actor, groupId: number): Promise<GroupMember[]> {
      await requireVisible(db, actor, groupId);
      return repo.members(db, groupId);
    },

    /**
     * Makes exactly these users the direct members. Each must be a user the actor sees (else 400 naming its index); the
     * actor must still see the group afterwards (else 400), so nobody locks themselves out by accident.
     */
    async setMembers(actor: Actor, groupId: number, userIds: readonly number[]): Promise<GroupMember[]> {
      return db.transaction(async (tx) => {
        await requireVisible(tx, actor, groupId);
        const known = await repo.visibleUserIds(tx, actor, userIds);
        const unknown = userIds.flatMap((id, i) => (known.has(id) ? [] : [{ field: `user_ids.${i}`, message: groupMessages.unknownUser }]));
        if (unknown.length > 0) throw AppError.badRequest('Some of the users do not exist.', unknown);
        const before = await repo.members(tx, groupId);
        await repo.replaceMembers(tx, groupId, [...known]);
        if (!(await groupsRepo.isVisible(tx, actor, groupId))) throw AppError.badRequest(groupMessages.keepYourself, [{ field: 'user_ids', message: groupMessages.keepYourself }]);
        const after = await repo.members(tx, groupId);
        const added = usernames(after, before);
        const removed = usernames(before, after);
        if (added.length > 0 || removed.length > 0) {
          await audit.record({ action: 'group.members.change', actor, target: { type: 'group', id: String(groupId), groupId }, details: { added, removed } }, tx);
        }
        return after;
      });
    },

    /** Users the actor sees who are not members yet, matching the search (the first 20 by username). */
    async candidates(actor: Actor, groupId: number, q: string | undefined): Promise<GroupMember[]> {
      await requireVisible(db, actor, groupId);
      return repo.candidates(db, actor, groupId, q ?? '', candidateLimit);
    },

    async controllers(actor: Actor, groupId: number): Promise<GroupController[]> {
      await requireVisible(db, actor, groupId);
      return repo.controllers(db, groupId);
    },
  };
}
export type GroupMembersService = ReturnType<typeof createGroupMembersService>;
