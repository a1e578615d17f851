import { Readable, pipeline } from 'node:stream';
import { AppError, type FieldError } from '@syrx/contracts/errors';
import type { Page } from '@syrx/contracts/jobs';
import {
  type Assignee, type FieldChoices, type Issue, type IssueComment, type issueCreateSchema, type IssueField, issueFields, type IssueHistoryEntry, type IssueKind,
  type IssueLink, type IssueLinkKind, issueMessages, type IssuesFilter, type IssuesQuery, type issueUpdateSchema,
} from '@syrx/contracts/issues';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { csvStringifier } from '../../lib/csv.ts';
import { gridPage } from '../../lib/grid-sql.ts';
import type { Actor } from '../../security/actor.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import { type Change, issuesRepo as repo, type Visible } from './issues.repo.ts';

export type IssueCreateInput = z.output<typeof issueCreateSchema>;
export type IssueUpdateInput = z.output<typeof issueUpdateSchema>;

export interface IssuesDeps {
  db: Db;
  groups: Pick<GroupsService, 'canSee' | 'canSeeUser' | 'visibleSql'>;
}

const notFound = (kind: IssueKind) => AppError.notFound(kind === 'issue' ? 'The issue' : 'The task');
const invalid = (fields: FieldError[]) => AppError.badRequest('The request has invalid or missing fields.', fields);
const linkFields: Record<IssueLinkKind, 'point_ids' | 'device_ids' | 'equipment_ids' | 'finding_ids'> = {
  point: 'point_ids', device: 'device_ids', equipment: 'equipment_ids', finding: 'finding_ids',
};
const csvColumns = ['id', 'title', 'status', 'priority', 'type', 'assignee', 'due_date', 'project', 'controller', 'created_by', 'created_at', 'updated_at', 'closed_at', 'description'];

/**
 * The commissioning issues log (docs/issues-log.md): issues and tasks of projects and controllers. The routes check the
 * kind's permission; here every entry is the caller's to see only when its project's or controller's group is visible
 * (else 404), and what a body names (project, controller, assignee, options, linked things) must be one the caller sees
 * (else 400 naming the field). Every change is written to the entry's history in its transaction.
 */
export function createIssuesService({ db, groups }: IssuesDeps) {
  const visibleTo = (actor: Actor): Visible => (groupId) => groups.visibleSql(actor, groupId);
  const seesGroup = async (actor: Actor, groupId: number | null) => groupId !== null && (actor.allowAll || (await groups.canSee(actor, groupId)));

  async function get(actor: Actor, kind: IssueKind, id: number, tx: DbOrTx = db): Promise<Issue> {
    const found = await repo.get(tx, kind, visibleTo(actor), id);
    if (!found) throw notFound(kind);
    return found;
  }

  /** The options of each field named in the body: of the kind and the field, else a 400 naming it. */
  async function optionsOf(kind: IssueKind, body: Partial<Record<`${IssueField}_id`, number | null | undefined>>) {
    const all = await repo.options(db, kind);
    const errors: FieldError[] = [];
    const chosen = (field: IssueField) => {
      const id = body[`${field}_id`];
      if (id === null || id === undefined) return id;
      const option = all.find((o) => o.id === id && o.field === field);
      if (!option) errors.push({ field: `${field}_id`, message: issueMessages.optionUnknown(field) });
      return option;
    };
    const picked = { status: chosen('status'), priority: chosen('priority'), type: chosen('type') };
    return { all, picked, errors };
  }

  async function assigneeErrors(actor: Actor, assigneeId: number | null | undefined): Promise<FieldError[]> {
    if (assigneeId === null || assigneeId === undefined || (await groups.canSeeUser(actor, assigneeId))) return [];
    return [{ field: 'assignee_id', message: issueMessages.assigneeUnknown }];
  }

  /** Checks links to add: each target exists, is in a group the caller sees, and (for a controller's entry) is of that controller. */
  async function linkErrors(actor: Actor, kind: IssueLinkKind, ids: readonly number[], controllerId: string | null, field: string): Promise<FieldError[]> {
    const targets = await repo.targets(db, kind, ids);
    const errors: FieldError[] = [];
    for (const [i, id] of ids.entries()) {
      const t = targets.find((x) => x.id === id);
      if (!t || !(await seesGroup(actor, t.group_id))) errors.push({ field: `${field}.${i}`, message: issueMessages.linkUnknown(kind) });
      else if (controllerId !== null && t.syrx_controller_id !== null && t.syrx_controller_id !== controllerId) errors.push({ field: `${field}.${i}`, message: issueMessages.linkElsewhere(kind) });
    }
    return errors;
  }

  /** The entry's owner from the body: its project or controller (visible), or the controller of its findings. */
  async function ownerOf(actor: Actor, input: IssueCreateInput): Promise<{ projectId: number | null; controllerId: string | null }> {
    const projectId = input.project_id ?? null;
    let controllerId = input.syrx_controller_id ?? null;
    if (projectId !== null && controllerId !== null) throw invalid([{ field: 'syrx_controller_id', message: issueMessages.owner }]);
    if (projectId !== null) {
      if (!(await seesGroup(actor, await repo.projectGroup(db, projectId)))) throw invalid([{ field: 'project_id', message: issueMessages.projectUnknown }]);
      return { projectId, controllerId: null };
    }
    if (controllerId === null) {
      const findings = await repo.targets(db, 'finding', input.links?.finding_ids ?? []);
      const controllers = [...new Set(findings.map((f) => f.syrx_controller_id))];
      if (controllers.length > 1) throw invalid([{ field: 'links.finding_ids', message: issueMessages.findingsOneController }]);
      controllerId = controllers[0] ?? null;
      if (controllerId === null) throw invalid([{ field: 'project_id', message: issueMessages.owner }]);
    }
    if (!(await seesGroup(actor, await repo.controllerGroup(db, controllerId)))) throw invalid([{ field: 'syrx_controller_id', message: issueMessages.controllerUnknown }]);
    return { projectId: null, controllerId };
  }

  return {
    get,

    list: async (actor: Actor, kind: IssueKind, q: IssuesQuery): Promise<Page<Issue>> =>
      gridPage(q, (page) => repo.page(db, kind, visibleTo(actor), q, q.sort, page), () => repo.count(db, kind, visibleTo(actor), q)),

    /** The active users the caller sees, by name: whom an entry may be assigned to. */
    assignees: (actor: Actor): Promise<Assignee[]> => repo.assignees(db, visibleTo(actor)),

    /** The kind's statuses, priorities and types in order. */
    async choices(kind: IssueKind): Promise<FieldChoices> {
      const all = await repo.options(db, kind);
      const of = (field: IssueField) => all.filter((o) => o.field === field).map(({ id, name, closed }) => ({ id, name, closed }));
      return { status: of('status'), priority: of('priority'), type: of('type') };
    },

    async create(actor: Actor, kind: IssueKind, input: IssueCreateInput): Promise<Issue> {
      const owner = await ownerOf(actor, input);
      const { all, picked, errors } = await optionsOf(kind, input);
      const status = picked.status ?? all.find((o) => o.field === 'status' && !o.closed);
      if (!status) errors.push({ field: 'status_id', message: issueMessages.optionUnknown('status') });
      const links = input.links ?? { point_ids: [], device_ids: [], equipment_ids: [], finding_ids: [] };
      errors.push(...await assigneeErrors(actor, input.assignee_id));
      for (const kindOf of Object.keys(linkFields) as IssueLinkKind[]) {
        errors.push(...await linkErrors(actor, kindOf, links[linkFields[kindOf]], owner.controllerId, `links.${linkFields[kindOf]}`));
      }
      if (errors.length > 0 || !status) throw invalid(errors);
      // A finding brings its point and device with it.
      const subjects = await repo.findingSubjects(db, links.finding_ids);
      const id = await db.transaction(async (tx) => {
        const issueId = await repo.insert(tx, {
          kind, title: input.title, description: input.description, statusId: status.id, priorityId: input.priority_id ?? null, typeId: input.type_id ?? null,
          assigneeId: input.assignee_id ?? null, dueDate: input.due_date ?? null, projectId: owner.projectId, syrxControllerId: owner.controllerId,
          createdBy: actor.userId, closed: status.closed,
        });
        await repo.addLinks(tx, issueId, 'finding', links.finding_ids);
        await repo.addLinks(tx, issueId, 'point', [...new Set([...links.point_ids, ...subjects.pointIds])]);
        await repo.addLinks(tx, issueId, 'device', [...new Set([...links.device_ids, ...subjects.deviceIds])]);
        await repo.addLinks(tx, issueId, 'equipment', links.equipment_ids);
        const n = links.finding_ids.length;
        await repo.record(tx, issueId, actor.userId, 'created', [], n > 0 ? `Created from ${n} point health finding${n === 1 ? '' : 's'}` : null);
        return issueId;
      });
      return get(actor, kind, id);
    },

    async update(actor: Actor, kind: IssueKind, id: number, input: IssueUpdateInput): Promise<Issue> {
      const before = await get(actor, kind, id);
      const { picked, errors } = await optionsOf(kind, input);
      errors.push(...await assigneeErrors(actor, input.assignee_id));
      if (errors.length > 0) throw invalid(errors);
      const changes: Change[] = [];
      const set: Parameters<typeof repo.update>[2] = {};
      const text = (field: 'title' | 'description' | 'due_date', to: string | null | undefined) => {
        if (to === undefined || to === before[field]) return;
        set[field] = to;
        changes.push({ field, from: before[field], to });
      };
      text('title', input.title);
      text('description', input.description);
      text('due_date', input.due_date);
      for (const field of issueFields) {
        const to = picked[field];
        if (to === undefined || (to?.id ?? null) === before[`${field}_id`]) continue;
        set[`${field}_id`] = to?.id ?? null;
        changes.push({ field, from: before[field], to: to?.name ?? null });
      }
      let assignee: string | null | undefined;
      if (input.assignee_id !== undefined && input.assignee_id !== before.assignee_id) {
        set.assignee_id = input.assignee_id;
        assignee = input.assignee_id === null ? null : await repo.username(db, input.assignee_id);
        changes.push({ field: 'assignee', from: before.assignee, to: assignee });
      }
      if (changes.length === 0) return before;
      const closed = picked.status ? picked.status.closed : undefined;
      await db.transaction(async (tx) => {
        await repo.update(tx, id, set, closed);
        await repo.record(tx, id, actor.userId, 'updated', changes);
      });
      return get(actor, kind, id);
    },

    async comments(actor: Actor, kind: IssueKind, id: number): Promise<IssueComment[]> {
      await get(actor, kind, id);
      return repo.comments(db, id);
    },

    async addComment(actor: Actor, kind: IssueKind, id: number, body: string): Promise<IssueComment> {
      await get(actor, kind, id);
      const commentId = await db.transaction(async (tx) => {
        const made = await repo.addComment(tx, id, actor.userId, body);
        await repo.record(tx, id, actor.userId, 'commented', [], body.length > 200 ? `${body.slice(0, 199)}…` : body);
        return made;
      });
      const [comment] = await repo.comments(db, id, commentId);
      if (!comment) throw notFound(kind);
      return comment;
    },

    async history(actor: Actor, kind: IssueKind, id: number): Promise<IssueHistoryEntry[]> {
      await get(actor, kind, id);
      return repo.history(db, id);
    },

    async links(actor: Actor, kind: IssueKind, id: number): Promise<IssueLink[]> {
      await get(actor, kind, id);
      return repo.links(db, id);
    },

    async addLink(actor: Actor, kind: IssueKind, id: number, link: { kind: IssueLinkKind; target_id: number }): Promise<IssueLink> {
      const issue = await get(actor, kind, id);
      const errors = await linkErrors(actor, link.kind, [link.target_id], issue.syrx_controller_id, 'target_id');
      if (errors.length > 0) throw invalid(errors.map((e) => ({ ...e, field: 'target_id' })));
      const linkId = await db.transaction(async (tx) => {
        const [made] = await repo.addLinks(tx, id, link.kind, [link.target_id]);
        if (made === undefined) throw AppError.conflict(`The ${link.kind} is linked already.`, [{ field: 'target_id', message: `The ${link.kind} is linked already` }]);
        const [label] = await repo.links(tx, id, made);
        await repo.record(tx, id, actor.userId, 'linked', [{ field: link.kind, from: null, to: label?.label ?? String(link.target_id) }]);
        return made;
      });
      const [answer] = await repo.links(db, id, linkId);
      if (!answer) throw notFound(kind);
      return answer;
    },

    async removeLink(actor: Actor, kind: IssueKind, id: number, linkId: number): Promise<void> {
      await get(actor, kind, id);
      await db.transaction(async (tx) => {
        const [link] = await repo.links(tx, id, linkId);
        if (!link || !(await repo.removeLink(tx, id, linkId))) throw AppError.notFound('The link');
        await repo.record(tx, id, actor.userId, 'unlinked', [{ field: link.kind, from: link.label, to: null }]);
      });
    },

    /** Every entry of the filter as CSV, in the grid's default order (newest first). */
    async csv(actor: Actor, kind: IssueKind, f: IssuesFilter): Promise<Readable> {
      async function* rows() {
        for (let offset = 0; ; offset += 1000) {
          const items = await repo.page(db, kind, visibleTo(actor), f, undefined, { offset, limit: 1000 });
          for (const i of items) {
            yield [i.id, i.title, i.status, i.priority, i.type, i.assignee, i.due_date, i.project_name, i.syrx_controller_name, i.created_by, i.created_at, i.updated_at, i.closed_at, i.description];
          }
          if (items.length < 1000) return;
        }
      }
      const out = csvStringifier({ header: true, columns: csvColumns });
      pipeline(Readable.from(rows()), out, () => undefined);
      return out;
    },
  };
}
export type IssuesService = ReturnType<typeof createIssuesService>;
