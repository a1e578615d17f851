import { AppError } from '@syrx/contracts/errors';
import { type GridQuery, pageOf } from '@syrx/contracts/grid';
import type { Page } from '@syrx/contracts/jobs';
import { type GroupPoint, groupDataHeader } from '@syrx/contracts/point-sources';
import { treePageSize } from '@syrx/contracts/data-moves';
import type { GroupPermissionId } from '@syrx/contracts/roles';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../security/actor.ts';
import { type GroupVisibility, requireVisibleGroup } from '../../security/group-scope.ts';
import { grantsAnywhere, grantsIn } from '../roles/group-grants.service.ts';
import type { JobQueue } from './data-moves.jobs.ts';
import { groupDataRepo } from './group-data.repo.ts';
import { queueFileJob } from './imports.service.ts';

/**
 * A group's own point data (docs/permissions.md, "Shared catalogues and group data"): listing its points
 * (group_data_view) and uploading their records (group_data_upload), in a group the user sees (else 404) and holds
 * the permission for, directly or through a group role granting it there. An upload writes into that group only.
 */
export function createGroupDataService(db: Db, deps: { groups: GroupVisibility; jobs: JobQueue }) {
  async function requireGroupPermission(actor: Actor, groupId: number, permission: GroupPermissionId, what: string): Promise<void> {
    const held = actor.permissions.has(permission);
    if (!held && !grantsAnywhere(actor.groupGrants, permission)) throw AppError.forbidden(`${what} needs the permission ${permission}.`);
    await requireVisibleGroup(deps.groups, actor, groupId);
    if (!held && !grantsIn(actor.groupGrants, permission, groupId)) throw AppError.forbidden(`${what} needs the permission ${permission} in this group.`);
  }

  return {
    /** A page of the group's points by name (those whose name holds `search`), with how many there are. */
    async points(actor: Actor, groupId: number, q: GridQuery & { search?: string | undefined }): Promise<Page<GroupPoint>> {
      await requireGroupPermission(actor, groupId, 'group_data_view', 'Reading group point data');
      const items = await groupDataRepo.points(db, groupId, q.search, pageOf(q, treePageSize));
      return { items, total: await groupDataRepo.count(db, groupId, q.search) };
    },

    /** Queues the upload of a CSV of the group's point data; its job's id. */
    async upload(actor: Actor, groupId: number, file: Buffer, fileName: string | undefined): Promise<number> {
      await requireGroupPermission(actor, groupId, 'group_data_upload', 'Uploading group data');
      return queueFileJob(db, deps.jobs, actor, { jobType: 'group_data_upload', params: { group_id: groupId }, header: groupDataHeader, file, fileName: fileName ?? 'group-data.csv' });
    },
  };
}
export type GroupDataService = ReturnType<typeof createGroupDataService>;
