import { sql } from 'drizzle-orm';
import type { ComponentPoint, ComponentType, PointFields } from '@syrx/contracts/components';
import type { DbOrTx } from '../../db/client.ts';

type Point = Required<PointFields>;
const typeColumns = sql`c.id, c.parent_id, c.description, c.is_schedule_type, c.sort_order,
  (select count(*)::int from component_points p where p.component_id = c.id) as points`;
const pointColumns = sql`id, component_id, point_code, description, point_type, sort_order`;
const parentIs = (parentId: number | null) => (parentId === null ? sql`parent_id is null` : sql`parent_id = ${parentId}`);
const rows = async <T>(db: DbOrTx, query: ReturnType<typeof sql>) => (await db.execute<T & Record<string, unknown>>(query)).rows as T[];

/** The distinct equipment that use these component points (copied onto the equipment, or chosen in its tasks). */
const equipmentOfPoints = (points: ReturnType<typeof sql>) => sql`
  select ecp.equipment_id from equipment_component_points ecp where ecp.component_point_id in (${points})
  union select t.equipment_id from equipment_tasks t where t.component_point_id in (${points})`;

/** The Admin screens' SQL of the component type tree and its points (components, component_points). */
export const componentAdminRepo = {
  types: (db: DbOrTx) => rows<ComponentType>(db, sql`select ${typeColumns} from components c order by c.sort_order, c.id`),

  type: async (db: DbOrTx, id: number) => (await rows<ComponentType>(db, sql`select ${typeColumns} from components c where c.id = ${id}`))[0] ?? null,

  /** The sibling under `parentId` with this description in any letter case, other than `exceptId`. */
  siblingNamed: async (db: DbOrTx, parentId: number | null, description: string, exceptId: number) =>
    (await rows<{ id: number }>(db, sql`select id from components where ${parentIs(parentId)} and lower(description) = lower(${description}) and id <> ${exceptId} limit 1`))[0] ?? null,

  siblingIds: async (db: DbOrTx, parentId: number | null): Promise<number[]> =>
    (await rows<{ id: number }>(db, sql`select id from components where ${parentIs(parentId)} order by sort_order, id`)).map((r) => r.id),

  async insertType(db: DbOrTx, v: { parentId: number | null; description: string; isScheduleType: boolean }): Promise<number> {
    const [row] = await rows<{ id: number }>(db, sql`
      insert into components (parent_id, description, is_schedule_type, sort_order)
      select ${v.parentId}::int, ${v.description}, ${v.isScheduleType}, coalesce(max(sort_order) + 1, 0) from components where ${parentIs(v.parentId)}
      returning id`);
    if (!row) throw new Error('component type not inserted');
    return row.id;
  },

  async updateType(db: DbOrTx, id: number, v: { description: string; isScheduleType: boolean }): Promise<void> {
    await db.execute(sql`update components set description = ${v.description}, is_schedule_type = ${v.isScheduleType} where id = ${id}`);
  },

  /** Numbers these types 0, 1, 2… in the order given. */
  async setOrder(db: DbOrTx, ids: readonly number[]): Promise<void> {
    await db.execute(sql`
      update components c set sort_order = o.n - 1 from unnest(${sql.param([...ids])}::int[]) with ordinality as o(id, n) where c.id = o.id`);
  },

  /** How many equipment use the type or a type below it (as their component, a subcomponent, or through a point). */
  subtreeUsage: async (db: DbOrTx, id: number): Promise<number> => {
    const [row] = await rows<{ n: number }>(db, sql`
      with recursive sub as (select id from components where id = ${id} union all select k.id from components k join sub on k.parent_id = sub.id)
      select count(*)::int as n from (
        select e.id as equipment_id from equipments e where e.component_id in (select id from sub)
        union select s.equipment_id from equipment_sub_components s where s.component_id in (select id from sub)
        union ${equipmentOfPoints(sql`select p.id from component_points p where p.component_id in (select id from sub)`)}
      ) used`);
    return row?.n ?? 0;
  },

  deleteType: async (db: DbOrTx, id: number) => void (await db.execute(sql`delete from components where id = ${id}`)),

  points: (db: DbOrTx, componentId: number) =>
    rows<ComponentPoint>(db, sql`select ${pointColumns} from component_points where component_id = ${componentId} order by sort_order, id`),

  point: async (db: DbOrTx, id: number) => (await rows<ComponentPoint>(db, sql`select ${pointColumns} from component_points where id = ${id}`))[0] ?? null,

  /** The type's other point with this code in any letter case. */
  pointCoded: async (db: DbOrTx, componentId: number, code: string, exceptId: number) =>
    (await rows<{ id: number }>(db, sql`select id from component_points where component_id = ${componentId} and lower(point_code) = lower(${code}) and id <> ${exceptId} limit 1`))[0] ?? null,

  async insertPoint(db: DbOrTx, componentId: number, p: Point): Promise<number> {
    const [row] = await rows<{ id: number }>(db, sql`
      insert into component_points (component_id, point_code, description, point_type, sort_order)
      select ${componentId}, ${p.point_code}, ${p.description}, ${p.point_type}, coalesce(max(sort_order) + 1, 0) from component_points where component_id = ${componentId}
      returning id`);
    if (!row) throw new Error('component point not inserted');
    return row.id;
  },

  async updatePoint(db: DbOrTx, id: number, p: Point): Promise<void> {
    await db.execute(sql`update component_points set point_code = ${p.point_code}, description = ${p.description}, point_type = ${p.point_type} where id = ${id}`);
  },

  pointUsage: async (db: DbOrTx, id: number): Promise<number> =>
    (await rows<{ n: number }>(db, sql`select count(*)::int as n from (${equipmentOfPoints(sql`select ${id}::int`)}) used`))[0]?.n ?? 0,

  deletePoint: async (db: DbOrTx, id: number) => void (await db.execute(sql`delete from component_points where id = ${id}`)),
};
