import type { Actor } from '../../security/actor.ts';
import { grantsIn } from '../roles/group-grants.service.ts';

/** projects_manage, or a group role granting group_projects_manage in the group or one above it (docs/permissions.md). */
export const mayManageProjects = (actor: Actor, groupId: number): boolean =>
  actor.permissions.has('projects_manage') || grantsIn(actor.groupGrants, 'group_projects_manage', groupId);
