import { groupsRoutes as routes } from '@syrx/contracts/routes/groups';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';
import type { GroupMembersService } from './group-members.service.ts';
import type { GroupsAdminService } from './groups-admin.service.ts';

/** Group administration (newer base): the group, its changes, its members and its controllers. All need groups_manage. */
export const groupsAdminRoutes = (admin: GroupsAdminService, members: GroupMembersService): Routes<GuardDeps> => (app, { guards }) => {
  const pre = { preHandler: guards.requirePermission('groups_manage') };

  serve(app, routes.create, pre, async (req) => admin.create(actorOf(req), req.body));
  serve(app, routes.get, pre, async (req) => admin.get(actorOf(req), req.params.id));
  serve(app, routes.update, pre, async (req) => admin.update(actorOf(req), req.params.id, req.body));
  serve(app, routes.remove, pre, async (req) => admin.remove(actorOf(req), req.params.id));
  serve(app, routes.members, pre, async (req) => members.members(actorOf(req), req.params.id));
  serve(app, routes.setMembers, pre, async (req) => members.setMembers(actorOf(req), req.params.id, req.body.user_ids));
  serve(app, routes.memberCandidates, pre, async (req) => members.candidates(actorOf(req), req.params.id, req.query.q));
  serve(app, routes.controllers, pre, async (req) => members.controllers(actorOf(req), req.params.id));
};
