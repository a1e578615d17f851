import type { SQL } from 'drizzle-orm';
import { AppError } from '@syrx/contracts/errors';
import type { GroupNode, GroupRef } from '@syrx/contracts/groups';
import type { DbOrTx } from '../../db/client.ts';
import type { GroupViewer } from '../../security/actor.ts';
import { groupMembersRepo } from './group-members.repo.ts';
import { groupSeenSql, groupsRepo, visibleGroupSql } from './groups.repo.ts';

export function createGroupsService(db: DbOrTx) {
  return {
    /** Children of a group the viewer can see, or the viewer's top-level groups when no id is given. */
    async childrenOf(viewer: GroupViewer, id: number | undefined): Promise<GroupNode[]> {
      if (id === undefined) return groupsRepo.visibleRoots(db, viewer);
      if (!(await groupsRepo.isVisible(db, viewer, id))) throw AppError.notFound('The group');
      return groupsRepo.children(db, id);
    },

    canSee(viewer: GroupViewer, groupId: number): Promise<boolean> {
      return groupsRepo.isVisible(db, viewer, groupId);
    },

    /** Whether the viewer sees this user (a member of a group they see; every user for groups_allow_all). */
    async canSeeUser(viewer: GroupViewer, userId: number): Promise<boolean> {
      return (await groupMembersRepo.visibleUserIds(db, viewer, [userId])).has(userId);
    },

    /** An SQL condition: the group (an expression such as a row's group_id) is one the viewer sees; never a row in no group. */
    visibleSql: (viewer: GroupViewer, groupId: SQL): SQL => visibleGroupSql(viewer, groupId),

    /** An SQL condition: the group with this id exists and the viewer sees it (canSee as a condition a read carries). */
    seenSql: (viewer: GroupViewer, groupId: number): SQL => groupSeenSql(viewer, groupId),

    /** Every group the viewer sees (for filters over many groups' rows). */
    visibleIds(viewer: GroupViewer): Promise<number[]> {
      return groupsRepo.visibleIds(db, viewer);
    },

    /** The group to show as current: the saved one while still visible, else the viewer's first group. */
    async currentGroup(viewer: GroupViewer, savedGroupId: number | null): Promise<GroupRef | null> {
      if (savedGroupId !== null && (await groupsRepo.isVisible(db, viewer, savedGroupId))) {
        return groupsRepo.findRef(db, savedGroupId);
      }
      return groupsRepo.firstVisible(db, viewer);
    },
  };
}
export type GroupsService = ReturnType<typeof createGroupsService>;

/** The child group of that name under the parent, created when there is none; its id. */
async function ensureChild(tx: DbOrTx, parentId: number, name: string): Promise<number> {
  return (await groupsRepo.findChildByName(tx, parentId, name)) ?? groupsRepo.insert(tx, name, parentId);
}

/**
 * The group tree as other modules shape it inside their own transaction (bootstrap, registration, the demo): the root
 * group, organizations (the root's children) and their administrators.
 */
export const groupWrites = {
  /** The root group's id, created with this name on an empty database. */
  ensureRoot: async (tx: DbOrTx, name: string): Promise<number> =>
    (await groupsRepo.findRootGroupId(tx)) ?? groupsRepo.insert(tx, name, null),

  /** A new organization: a group under the root (a top-level group while there is no root); its id. */
  createOrganization: async (tx: DbOrTx, name: string): Promise<number> =>
    groupsRepo.insert(tx, name, await groupsRepo.findRootGroupId(tx)),

  /** The organization of that name (a child of the root), or null (also while there is no root). */
  findOrganization: async (tx: DbOrTx, name: string): Promise<number | null> => {
    const rootId = await groupsRepo.findRootGroupId(tx);
    return rootId === null ? null : groupsRepo.findChildByName(tx, rootId, name);
  },

  /** Organizations under the root with their sub-groups, each made where missing; nothing while there is no root. */
  async ensureOrganizations(tx: DbOrTx, organizations: readonly { name: string; children: readonly string[] }[]): Promise<void> {
    const rootId = await groupsRepo.findRootGroupId(tx);
    if (rootId === null) return;
    for (const org of organizations) {
      const orgId = await ensureChild(tx, rootId, org.name);
      for (const child of org.children) await ensureChild(tx, orgId, child);
    }
  },

  ensureChild,

  /** Makes the user a member and administrator of the group (already one: nothing changes). */
  addGroupAdmin: (tx: DbOrTx, userId: number, groupId: number): Promise<void> => groupsRepo.addMember(tx, userId, groupId, true),
};
