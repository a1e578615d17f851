import { AppError, type FieldError } from '@syrx/contracts/errors';
import { type GridQuery, pageOf } from '@syrx/contracts/grid';
import type { Page } from '@syrx/contracts/jobs';
import { type Project, type projectCreateSchema, projectMessages, projectPeople, type projectUpdateSchema } from '@syrx/contracts/projects';
import { orderProjectName } from '@syrx/contracts/purchasing';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { isForeignKeyViolation } from '../../lib/pg-errors.ts';
import { groupScopeGuard } from '../../security/group-scope.ts';
import type { ContactsService } from '../contacts/contacts.service.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import type { Actor } from '../../security/actor.ts';
import { mayManageProjects } from './project-access.ts';
import { type ProjectValues, projectsRepo as repo } from './projects.repo.ts';

export type ProjectCreateInput = z.output<typeof projectCreateSchema>;
export type ProjectUpdateInput = z.output<typeof projectUpdateSchema>;

const needsManage = 'Changing projects needs the permission projects_manage.';

/**
 * Projects of groups (spec 02 sections 2, 3, 5 and 7): reading needs the project's group visible; changes need
 * projects_manage there as well. A project of a group the user cannot see answers 404, as an unknown one. Owner,
 * commissioning authority and engineer must be contacts of the project's group (else a 400 naming the field).
 */
export function createProjectsService(db: DbOrTx, groups: GroupsService, contacts: ContactsService) {
  const scope = groupScopeGuard(groups, { what: 'The project', groupOf: (id) => repo.groupOf(db, id), mayChange: mayManageProjects, needsChange: needsManage });

  async function valuesOf(groupId: number, input: ProjectCreateInput): Promise<ProjectValues> {
    const named = projectPeople.map((p) => ({ field: p.field, id: input[p.field] }));
    const known = await contacts.idsInGroup(db, groupId, named.flatMap((n) => (n.id === null ? [] : [n.id])));
    const fields: FieldError[] = named.filter((n) => n.id !== null && !known.has(n.id)).map((n) => ({ field: n.field, message: projectMessages.contactUnknown }));
    if (fields.length > 0) throw AppError.badRequest('The request has invalid or missing fields.', fields);
    return {
      name: input.name, address: input.address, customerProjectId: input.customer_project_id, architectProjectId: input.architect_project_id,
      startDate: input.start_date === null ? null : new Date(input.start_date), completeDate: input.complete_date === null ? null : new Date(input.complete_date),
      estimatedCost: input.estimated_cost, ownerId: input.owner_id, commAuthorityId: input.comm_authority_id, engineerId: input.engineer_id,
    };
  }

  /** A contact deleted between the check and the write: the same 400 as an unknown one. */
  async function writing<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (isForeignKeyViolation(err)) throw AppError.badRequest(projectMessages.contactUnknown);
      throw err;
    }
  }

  async function projectOf(id: number): Promise<Project> {
    const found = await repo.find(db, id);
    if (!found) throw AppError.notFound('The project');
    return found;
  }

  return {
    /** The project's group when the actor sees it; else 404 (for a missing project too). */
    requireProject: scope.visibleItem,

    /** GET /groups/{groupId}/projects: a page of the group's projects. */
    async list(actor: Actor, groupId: number, q: GridQuery): Promise<Page<Project>> {
      await scope.visibleGroup(actor, groupId);
      const page = pageOf(q, 20);
      if (!Number.isSafeInteger(page.offset + page.limit)) throw AppError.badRequest('The page is too far.', [{ field: 'skip', message: 'Too large' }]);
      return { items: await repo.page(db, groupId, q.sort, page), total: await repo.count(db, groupId) };
    },

    async get(actor: Actor, id: number): Promise<Project> {
      await scope.visibleItem(actor, id);
      return projectOf(id);
    },

    async create(actor: Actor, input: ProjectCreateInput): Promise<Project> {
      await scope.changeInGroup(actor, input.group_id);
      const values = await valuesOf(input.group_id, input);
      return projectOf(await writing(() => repo.insert(db, input.group_id, values)));
    },

    async update(actor: Actor, id: number, input: ProjectUpdateInput): Promise<Project> {
      const groupId = await scope.changeItem(actor, id);
      const fields: FieldError[] = [
        ...(input.id !== undefined && input.id !== id ? [{ field: 'id', message: projectMessages.idMismatch }] : []),
        ...(input.group_id !== groupId ? [{ field: 'group_id', message: projectMessages.groupFixed }] : []),
      ];
      if (fields.length > 0) throw AppError.badRequest('The request has invalid or missing fields.', fields);
      const values = await valuesOf(groupId, input);
      if (!(await writing(() => repo.update(db, id, values)))) throw AppError.notFound('The project');
      return projectOf(id);
    },

    /** Deletes the project with its scheduled equipment. */
    async remove(actor: Actor, id: number): Promise<void> {
      await scope.changeItem(actor, id);
      if (!(await repo.delete(db, id))) throw AppError.notFound('The project');
    },
  };
}
export type ProjectsService = ReturnType<typeof createProjectsService>;

/**
 * The project a paid order plans (purchasing): in the order's group, named "Order {id}", the amount paid as its
 * estimated cost and the day of the payment as its start; the buyer fills in the rest in the project editor. Written
 * in the caller's transaction, so the order and its project are made together.
 */
export function insertOrderProject(tx: DbOrTx, order: { id: number; groupId: number; totalCents: number; paidAt: Date }): Promise<number> {
  return repo.insert(tx, order.groupId, {
    name: orderProjectName(order.id), address: null, customerProjectId: null, architectProjectId: null, startDate: order.paidAt, completeDate: null,
    estimatedCost: (order.totalCents / 100).toFixed(2), ownerId: null, commAuthorityId: null, engineerId: null,
  });
}
