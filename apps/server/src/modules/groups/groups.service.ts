import type { SQL } from 'drizzle-orm';
import { AppError } from '@syrx/contracts/errors';
import type { GroupNode, GroupRef } from '@syrx/contracts/groups';
import type { DbOrTx } from '../../db/client.ts';
import { type GroupViewer, groupsRepo, visibleGroupSql } from './groups.repo.ts';

export type { GroupViewer };

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

    /** An SQL condition: the group (an expression such as a row's group_id) is one the viewer sees; never a row in no group. */
    visibleSql: (viewer: GroupViewer, groupId: SQL): SQL => visibleGroupSql(viewer, groupId),

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

/** Group writes other modules make inside their own transaction (registration, bootstrap). */
export const groupWrites = {
  create: (tx: DbOrTx, name: string, parentId: number | null) => groupsRepo.insert(tx, name, parentId),
  addMember: (tx: DbOrTx, userId: number, groupId: number, isGroupAdmin: boolean) =>
    groupsRepo.addMember(tx, userId, groupId, isGroupAdmin),
  rootGroupId: (tx: DbOrTx) => groupsRepo.findRootGroupId(tx),
  findChildByName: (tx: DbOrTx, parentId: number | null, name: string) => groupsRepo.findChildByName(tx, parentId, name),
};
