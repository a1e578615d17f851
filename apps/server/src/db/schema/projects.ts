import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { groupRecordKey } from './groups.ts';
import { at, belongsTo, identityId, writtenAt } from './columns.ts';

/** Contact categories (admin catalogue, `contact_categories_manage`): owner, commissioning authority, engineer… */
export const contactCategories = pgTable('contact_categories', {
  id: identityId(),
  name: text('name').notNull().unique('contact_categories_name_key'),
});

/** People of a group (owners, commissioning authorities, engineers) that projects refer to. */
export const contacts = pgTable(
  'contacts',
  {
    ...groupRecordKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company'),
    title: text('title'),
    email: text('email'),
    phone: text('phone'),
    categoryId: integer('category_id').references(() => contactCategories.id, { onDelete: 'restrict' }),
    createdAt: writtenAt('created_at'),
  },
  (t) => [index('contacts_group_idx').on(t.groupId, t.lastName, t.firstName)],
);

/** Commissioning projects of a group (spec 02, section 3). */
export const projects = pgTable(
  'projects',
  {
    ...groupRecordKey(),
    name: text('name').notNull(),
    address: text('address'),
    customerProjectId: text('customer_project_id'),
    architectProjectId: text('architect_project_id'),
    startDate: at('start_date'),
    completeDate: at('complete_date'),
    estimatedCost: text('estimated_cost'),
    ownerId: integer('owner_id').references(() => contacts.id, { onDelete: 'set null' }),
    commAuthorityId: integer('comm_authority_id').references(() => contacts.id, { onDelete: 'set null' }),
    engineerId: integer('engineer_id').references(() => contacts.id, { onDelete: 'set null' }),
    createdAt: writtenAt('created_at'),
  },
  (t) => [index('projects_group_idx').on(t.groupId, t.name)],
);

/**
 * The component type taxonomy: a tree by parent_id. Top-level types flagged `is_schedule_type` are the sections of a
 * project schedule (air handlers, VAV boxes, chillers…); their descendants are the subcomponent choices.
 */
export const components = pgTable(
  'components',
  {
    id: identityId(),
    parentId: integer('parent_id').references((): AnyPgColumn => components.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    isScheduleType: boolean('is_schedule_type').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('components_parent_idx').on(t.parentId, t.sortOrder),
    index('components_description_lower_idx').on(sql`lower(${t.description})`),
    // Siblings have distinct descriptions (top-level types too), so the start-up seed finds each type by its path.
    uniqueIndex('components_parent_description_key').on(sql`coalesce(${t.parentId}, 0)`, t.description),
  ],
);

/** The points a component type has (point code, BACnet-style point type; NP = no point, never selectable). */
export const componentPoints = pgTable(
  'component_points',
  {
    id: identityId(),
    componentId: belongsTo('component_id', () => components.id),
    pointCode: text('point_code').notNull(),
    description: text('description').notNull(),
    pointType: text('point_type').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('component_points_code_idx').on(t.componentId, t.pointCode)],
);

/**
 * Generic points (admin catalogue under `components_manage`): the standard point codes a component type's points are
 * chosen from (code, description, BACnet-style point type).
 */
export const genericPoints = pgTable('generic_points', {
  id: identityId(),
  pointCode: text('point_code').notNull().unique('generic_points_code_key'),
  description: text('description').notNull(),
  pointType: text('point_type').notNull(),
});

/** Equipment of a group, optionally scheduled in a project. */
export const equipments = pgTable(
  'equipments',
  {
    ...groupRecordKey(),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    componentId: integer('component_id').notNull().references(() => components.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description'),
    department: text('department'),
    model: text('model'),
    manufacturer: text('manufacturer'),
    serial: text('serial'),
    installDate: date('install_date', { mode: 'string' }),
    demoDate: date('demo_date', { mode: 'string' }),
    location: text('location'),
    createdAt: writtenAt('created_at'),
  },
  (t) => [index('equipments_group_idx').on(t.groupId), index('equipments_project_idx').on(t.projectId, t.componentId)],
);

/** The subcomponent types chosen for an equipment (the last pick of each subcomponent stack). */
export const equipmentSubComponents = pgTable(
  'equipment_sub_components',
  {
    equipmentId: belongsTo('equipment_id', () => equipments.id),
    componentId: integer('component_id').notNull().references(() => components.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.equipmentId, t.componentId] })],
);

/**
 * An equipment's points, copied from its component types' points when it is created. Not `equipment_points`: that table
 * (point-sources.ts) maps the data-moves' equipment points (equipment name + point code) to data points.
 */
export const equipmentComponentPoints = pgTable(
  'equipment_component_points',
  {
    id: identityId(),
    equipmentId: belongsTo('equipment_id', () => equipments.id),
    componentPointId: integer('component_point_id').notNull().references(() => componentPoints.id, { onDelete: 'restrict' }),
    pointCode: text('point_code').notNull(),
    pointType: text('point_type').notNull(),
  },
  (t) => [uniqueIndex('equipment_component_points_point_idx').on(t.equipmentId, t.componentPointId)],
);

/** The point choice (n/a, add, exist, replace) per equipment point that the schedule's point selection posts. */
export const equipmentTasks = pgTable(
  'equipment_tasks',
  {
    id: identityId(),
    projectId: belongsTo('project_id', () => projects.id),
    equipmentId: belongsTo('equipment_id', () => equipments.id),
    componentPointId: integer('component_point_id').notNull().references(() => componentPoints.id, { onDelete: 'restrict' }),
    addExistReplace: text('add_exist_replace', { enum: ['n/a', 'add', 'exist', 'replace'] }).notNull(),
    updatedAt: writtenAt('updated_at'),
  },
  (t) => [uniqueIndex('equipment_tasks_point_idx').on(t.equipmentId, t.componentPointId)],
);
