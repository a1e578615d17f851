import { issuesRoutes, tasksRoutes } from '@syrx/contracts/routes/issues';
import type { Db } from '../../db/client.ts';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import { issueLogRoutes } from './issues.routes.ts';
import { createIssuesService } from './issues.service.ts';

/**
 * The commissioning issues log (issue 25, docs/issues-log.md): issues (issues_manage) and tasks (tasks_manage) of projects
 * and controllers, one service for both kinds. Their field options are Admin catalogues (modules/catalogues); a point
 * health sweep closes the issues of findings it no longer finds (issue-auto-close.service.ts, run by the sweep job).
 */
export const issuesModule: Routes<GuardDeps & { db: Db; groups: GroupsService }> = (app, { db, groups, guards }) => {
  const issues = createIssuesService({ db, groups });
  issueLogRoutes(issuesRoutes, 'issue', 'issues_manage', issues)(app, { guards });
  issueLogRoutes(tasksRoutes, 'task', 'tasks_manage', issues)(app, { guards });
};
