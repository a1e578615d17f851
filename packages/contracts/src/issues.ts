import { z } from 'zod';
import { catalogueMessages, catalogueQuerySchema } from './catalogues.ts';
import { dbIdParamSchema, dbIdSchema } from './ids.ts';

/**
 * The commissioning issues log (issue 25; docs/issues-log.md): issues (issues_manage) and tasks (tasks_manage) of a
 * project or a controller, one model told apart by `kind`. Their status, priority and type are field options kept per
 * kind on the Admin screens "Issue field options" and "Task field options".
 */
export const issueKinds = ['issue', 'task'] as const;
export type IssueKind = (typeof issueKinds)[number];
export const issueFields = ['status', 'priority', 'type'] as const;
export type IssueField = (typeof issueFields)[number];
export const issueLinkKinds = ['point', 'device', 'equipment', 'finding'] as const;
export type IssueLinkKind = (typeof issueLinkKinds)[number];

export const issueMessages = {
  title: 'Enter a title',
  owner: 'Choose a project or a controller (one of them)',
  projectUnknown: 'No such project',
  controllerUnknown: 'No such controller',
  assigneeUnknown: 'No such user',
  optionUnknown: (field: IssueField) => `No such ${field}`,
  dueDate: 'Enter a date as YYYY-MM-DD',
  comment: 'Enter a comment',
  linkUnknown: (kind: IssueLinkKind) => `No such ${kind}`,
  linkElsewhere: (kind: IssueLinkKind) => `The ${kind} is not of the entry's controller`,
  findingsOneController: 'The findings must be of one controller',
  position: 'Enter a position from 0 to 1000',
  noClosedStatus: 'No status is marked closed',
} as const;

const text = (max: number, required: string) => z.string({ error: required }).trim().min(1, required).max(max, catalogueMessages.length('it', max));
const id = dbIdSchema;
const uuid = z.uuid({ error: issueMessages.controllerUnknown });
const day = z.iso.date({ error: issueMessages.dueDate });

/** A status, priority or type of one kind, as its Admin grid shows it; `issues`: how many entries use it. */
export const fieldOptionSchema = z.object({
  id: z.number().int(),
  field: z.enum(issueFields),
  name: z.string(),
  position: z.number().int(),
  closed: z.boolean(),
  issues: z.number().int(),
});
export type FieldOption = z.infer<typeof fieldOptionSchema>;
export const fieldOptionInputSchema = z.object({
  field: z.enum(issueFields, { error: 'Choose status, priority or type' }),
  name: text(100, catalogueMessages.name),
  /** The order in the lists (empty: 0). */
  position: z.number({ error: issueMessages.position }).int(issueMessages.position).min(0, issueMessages.position).max(1000, issueMessages.position).nullish().transform((v) => v ?? 0),
  closed: z.boolean().default(false),
});
export type FieldOptionInput = z.input<typeof fieldOptionInputSchema>;
export const fieldOptionGridFields = { id: 'number', field: 'string', name: 'string', position: 'number', closed: 'boolean', issues: 'number' } as const;

/** GET …/field-options: a kind's choices by field, in order (for the forms; the kind's permission). */
export const fieldChoiceSchema = z.object({ id: z.number().int(), name: z.string(), closed: z.boolean() });
export type FieldChoice = z.infer<typeof fieldChoiceSchema>;
export const fieldChoicesSchema = z.object({ status: z.array(fieldChoiceSchema), priority: z.array(fieldChoiceSchema), type: z.array(fieldChoiceSchema) });
export type FieldChoices = z.infer<typeof fieldChoicesSchema>;

/** A user an entry can be assigned to: one the caller sees (a member of a group they see). */
export const assigneeSchema = z.object({ id: z.number().int(), username: z.string(), name: z.string() });
export type Assignee = z.infer<typeof assigneeSchema>;

export const issueSchema = z.object({
  id: z.number().int(),
  kind: z.enum(issueKinds),
  title: z.string(),
  description: z.string(),
  status_id: z.number().int(),
  status: z.string(),
  closed: z.boolean(),
  priority_id: z.number().int().nullable(),
  priority: z.string().nullable(),
  type_id: z.number().int().nullable(),
  type: z.string().nullable(),
  assignee_id: z.number().int().nullable(),
  assignee: z.string().nullable(),
  due_date: z.string().nullable(),
  project_id: z.number().int().nullable(),
  project_name: z.string().nullable(),
  syrx_controller_id: z.string().nullable(),
  syrx_controller_name: z.string().nullable(),
  group_id: z.number().int(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  closed_at: z.string().nullable(),
});
export type Issue = z.infer<typeof issueSchema>;

/** Links to add with a new entry, or one by one: ids of points, devices, equipment and point health findings. */
export const issueLinkIdsSchema = z.object({
  point_ids: z.array(id).max(500).default([]),
  device_ids: z.array(id).max(500).default([]),
  equipment_ids: z.array(id).max(500).default([]),
  finding_ids: z.array(id).max(500).default([]),
});

const editable = {
  title: text(200, issueMessages.title),
  description: z.string().max(20_000, catalogueMessages.length('a description', 20_000)).default(''),
  status_id: id.nullish(),
  priority_id: id.nullish(),
  type_id: id.nullish(),
  assignee_id: id.nullish(),
  due_date: day.nullish(),
};

/**
 * POST: a new entry of a project or a controller (one of them). Without either, findings name their controller (they
 * must be of one). Without a status: the kind's first status that is not closed. Its findings' points and devices are
 * linked with them.
 */
export const issueCreateSchema = z.object({
  ...editable,
  project_id: id.nullish(),
  syrx_controller_id: uuid.nullish(),
  links: issueLinkIdsSchema.optional(),
});
export type IssueCreate = z.input<typeof issueCreateSchema>;

/** PATCH: the fields given change (null clears an optional one); each change is written to the history. */
export const issueUpdateSchema = z.object({
  title: editable.title.optional(),
  description: z.string().max(20_000, catalogueMessages.length('a description', 20_000)).optional(),
  status_id: id.optional(),
  priority_id: id.nullable().optional(),
  type_id: id.nullable().optional(),
  assignee_id: id.nullable().optional(),
  due_date: day.nullable().optional(),
});
export type IssueUpdate = z.input<typeof issueUpdateSchema>;

export const sortableIssueFields = ['id', 'title', 'status', 'priority', 'type', 'assignee', 'due_date', 'created_at', 'updated_at'] as const;

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
/** The list's and the CSV's filters: each field by option id, the assignee, the project or controller, text, open only. */
export const issuesFilterSchema = z.object({
  status_id: dbIdParamSchema.optional(),
  priority_id: dbIdParamSchema.optional(),
  type_id: dbIdParamSchema.optional(),
  assignee_id: dbIdParamSchema.optional(),
  project_id: dbIdParamSchema.optional(),
  syrx_controller_id: z.uuid().optional(),
  /** Title or description contains it (any letter case). */
  q: z.string().trim().max(200).optional(),
  open: flag.optional(),
});
export type IssuesFilter = z.infer<typeof issuesFilterSchema>;
/** GET: pageNum (from 1), pageSize (20, at most 200), sort (`due_date:asc`) and the filters. */
export const issuesQuerySchema = catalogueQuerySchema.omit({ filter: true }).extend(issuesFilterSchema.shape);
export type IssuesQuery = z.infer<typeof issuesQuerySchema>;

export const issueCommentSchema = z.object({ id: z.number().int(), username: z.string().nullable(), body: z.string(), created_at: z.string() });
export type IssueComment = z.infer<typeof issueCommentSchema>;
export const issueCommentInputSchema = z.object({ body: text(5000, issueMessages.comment) });

export const issueChangeSchema = z.object({ field: z.string(), from: z.string().nullable(), to: z.string().nullable() });
export const issueHistorySchema = z.object({
  id: z.number().int(),
  /** Who: null when the server changed it (an automatic close). */
  username: z.string().nullable(),
  at: z.string(),
  action: z.string(),
  changes: z.array(issueChangeSchema),
  message: z.string().nullable(),
});
export type IssueHistoryEntry = z.infer<typeof issueHistorySchema>;

/** A link with what it names ("VAV-2-02 Damper Position (VAV-2-02)", "Overridden: … in sweep #3"). */
export const issueLinkSchema = z.object({
  id: z.number().int(),
  kind: z.enum(issueLinkKinds),
  target_id: z.number().int(),
  label: z.string(),
  /** A finding's sweep, for its link. */
  sweep_id: z.number().int().nullable(),
});
export type IssueLink = z.infer<typeof issueLinkSchema>;
export const issueLinkInputSchema = z.object({ kind: z.enum(issueLinkKinds, { error: 'Choose point, device, equipment or finding' }), target_id: id });
export type IssueLinkInput = z.input<typeof issueLinkInputSchema>;
