import { z } from 'zod';
import { dbIdParamSchema } from '../ids.ts';
import {
  assigneeSchema, fieldChoicesSchema, fieldOptionInputSchema, fieldOptionSchema, issueCommentInputSchema, issueCommentSchema, issueCreateSchema, issueHistorySchema,
  issueLinkInputSchema, issueLinkSchema, issueSchema, issuesFilterSchema, issuesQuerySchema, issueUpdateSchema,
} from '../issues.ts';
import { pageSchema } from '../jobs.ts';
import { route } from '../route.ts';
import { catalogueCrud } from './catalogues.ts';

const params = z.object({ id: dbIdParamSchema });
const linkParams = z.object({ id: dbIdParamSchema, linkId: dbIdParamSchema });

/** The routes of one kind's log at `base` (issues or tasks), each needing the kind's permission (docs/issues-log.md). */
function issueLogRoutes(base: '/api/v2/issues' | '/api/v2/tasks', tag: string) {
  const tags = [tag];
  const one = `${base}/:id` as const;
  return {
    list: route({ method: 'GET', path: base, tags, query: issuesQuerySchema, response: pageSchema(issueSchema) }),
    csv: route({ method: 'GET', path: `${base}.csv`, tags, query: issuesFilterSchema, produces: 'text/csv' }),
    /** The kind's statuses, priorities and types, for the forms. */
    choices: route({ method: 'GET', path: `${base}/field-options`, tags, response: fieldChoicesSchema }),
    /** The users an entry may be assigned to (those the caller sees). */
    assignees: route({ method: 'GET', path: `${base}/assignees`, tags, response: z.array(assigneeSchema) }),
    create: route({ method: 'POST', path: base, tags, body: issueCreateSchema, response: issueSchema, status: 201 }),
    get: route({ method: 'GET', path: one, tags, params, response: issueSchema }),
    update: route({ method: 'PATCH', path: one, tags, params, body: issueUpdateSchema, response: issueSchema }),
    comments: route({ method: 'GET', path: `${one}/comments`, tags, params, response: z.array(issueCommentSchema) }),
    addComment: route({ method: 'POST', path: `${one}/comments`, tags, params, body: issueCommentInputSchema, response: issueCommentSchema, status: 201 }),
    history: route({ method: 'GET', path: `${one}/history`, tags, params, response: z.array(issueHistorySchema) }),
    links: route({ method: 'GET', path: `${one}/links`, tags, params, response: z.array(issueLinkSchema) }),
    addLink: route({ method: 'POST', path: `${one}/links`, tags, params, body: issueLinkInputSchema, response: issueLinkSchema, status: 201 }),
    removeLink: route({ method: 'DELETE', path: `${one}/links/:linkId`, tags, params: linkParams, status: 204 }),
  };
}
export type IssueLogRoutes = ReturnType<typeof issueLogRoutes>;

/** Issues (issues_manage). */
export const issuesRoutes = issueLogRoutes('/api/v2/issues', 'issues');
/** Tasks (tasks_manage): the same routes as issues. */
export const tasksRoutes = issueLogRoutes('/api/v2/tasks', 'tasks');

/** Admin → Issue field options (issue_field_options_manage) and Task field options (task_field_options_manage). */
export const issueFieldOptionRoutes = catalogueCrud('/api/v2/issue-field-options', 'issue field options', fieldOptionSchema, fieldOptionInputSchema);
export const taskFieldOptionRoutes = catalogueCrud('/api/v2/task-field-options', 'task field options', fieldOptionSchema, fieldOptionInputSchema);
