import type { Db } from '../../db/client.ts';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import { createGroupMembersService } from './group-members.service.ts';
import { groupsAdminRoutes } from './groups-admin.routes.ts';
import { createGroupsAdminService } from './groups-admin.service.ts';
import { groupsRoutes } from './groups.routes.ts';
import type { GroupsService } from './groups.service.ts';

/**
 * Groups: the tree every signed-in user reads (the groups service, shared through app.ts) and its administration
 * (groups_manage), whose services only this module uses.
 */
export const groupsModule: Routes<GuardDeps & { db: Db; groups: Pick<GroupsService, 'childrenOf'>; audit: AuditRecorder }> = (app, { db, groups, audit, guards }) => {
  groupsRoutes(app, { groups, guards });
  groupsAdminRoutes(createGroupsAdminService(db, audit), createGroupMembersService(db, audit))(app, { guards });
};
