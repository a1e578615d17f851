import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { issueFields, issueKinds, issueLinkKinds } from '@syrx/contracts/issues';
import { bacnetDevices, bacnetPoints } from './bacnet.ts';
import { syrxControllers } from './controllers.ts';
import { pointHealthFindings } from './point-health.ts';
import { equipments, projects } from './projects.ts';
import { users } from './users.ts';
import { at, belongsTo, identityId, writtenAt } from './columns.ts';

/**
 * The choices of an issue's or a task's status, priority and type (Admin → Issue / Task field options). A status may
 * be `closed`: an entry in it is closed (the automatic close of a finding's issue moves it to the last such status).
 */
export const issueFieldOptions = pgTable(
  'issue_field_options',
  {
    id: identityId(),
    kind: text('kind', { enum: issueKinds }).notNull(),
    field: text('field', { enum: issueFields }).notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    closed: boolean('closed').notNull().default(false),
  },
  (t) => [uniqueIndex('issue_field_options_name_key').on(t.kind, t.field, sql`lower(${t.name})`)],
);

/**
 * The commissioning issues log (docs/issues-log.md): issues and tasks are one table (`kind`), each of a project or of
 * a controller (its group's members see it).
 */
export const issues = pgTable(
  'issues',
  {
    id: identityId(),
    kind: text('kind', { enum: issueKinds }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    statusId: integer('status_id').notNull().references(() => issueFieldOptions.id, { onDelete: 'restrict' }),
    priorityId: integer('priority_id').references(() => issueFieldOptions.id, { onDelete: 'restrict' }),
    typeId: integer('type_id').references(() => issueFieldOptions.id, { onDelete: 'restrict' }),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    dueDate: date('due_date', { mode: 'string' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    syrxControllerId: uuid('syrx_controller_id').references(() => syrxControllers.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: writtenAt('created_at'),
    updatedAt: writtenAt('updated_at'),
    closedAt: at('closed_at'),
  },
  (t) => [
    check('issues_owner_check', sql`(${t.projectId} is null) <> (${t.syrxControllerId} is null)`),
    index('issues_kind_idx').on(t.kind, t.id.desc()),
    index('issues_project_idx').on(t.projectId),
    index('issues_controller_idx').on(t.syrxControllerId),
  ],
);

/** What an issue is about: a point, a device, a piece of equipment or a point health finding (one of them a row). */
export const issueLinks = pgTable(
  'issue_links',
  {
    id: identityId(),
    issueId: belongsTo('issue_id', () => issues.id),
    kind: text('kind', { enum: issueLinkKinds }).notNull(),
    pointId: integer('point_id').references(() => bacnetPoints.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => bacnetDevices.id, { onDelete: 'cascade' }),
    equipmentId: integer('equipment_id').references(() => equipments.id, { onDelete: 'cascade' }),
    findingId: integer('finding_id').references(() => pointHealthFindings.id, { onDelete: 'cascade' }),
  },
  (t) => [
    check('issue_links_one_target_check', sql`num_nonnulls(${t.pointId}, ${t.deviceId}, ${t.equipmentId}, ${t.findingId}) = 1`),
    uniqueIndex('issue_links_target_key').on(t.issueId, t.kind, sql`coalesce(${t.pointId}, ${t.deviceId}, ${t.equipmentId}, ${t.findingId})`),
    index('issue_links_finding_idx').on(t.findingId),
  ],
);

export const issueComments = pgTable(
  'issue_comments',
  {
    id: identityId(),
    issueId: belongsTo('issue_id', () => issues.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: writtenAt('created_at'),
  },
  (t) => [index('issue_comments_issue_idx').on(t.issueId, t.id)],
);

/** Every change of an issue: who (null: the server itself, as an automatic close), when, and what (field, from, to). */
export const issueHistory = pgTable(
  'issue_history',
  {
    id: identityId(),
    issueId: belongsTo('issue_id', () => issues.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: writtenAt('at'),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<{ field: string; from: string | null; to: string | null }[]>().notNull().default(sql`'[]'::jsonb`),
    message: text('message'),
  },
  (t) => [index('issue_history_issue_idx').on(t.issueId, t.id)],
);
