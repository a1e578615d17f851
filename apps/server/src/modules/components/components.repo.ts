import { asc, inArray, sql } from 'drizzle-orm';
import type { ComponentMatch, PointType } from '@syrx/contracts/components';
import type { DbOrTx } from '../../db/client.ts';
import { componentPoints as cp, components as c } from '../../db/schema/index.ts';
import type { ComponentRow } from './component-tree.ts';

export interface StoredComponent extends ComponentRow {
  is_schedule_type: boolean;
}

export interface ComponentPointRow {
  id: number;
  component_id: number;
  point_code: string;
  description: string;
  point_type: PointType;
  sort_order: number;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const rowColumns = { id: c.id, parent_id: c.parentId, description: c.description, sort_order: c.sortOrder, is_schedule_type: c.isScheduleType };
const pointColumns = { id: cp.id, component_id: cp.componentId, point_code: cp.pointCode, description: cp.description, point_type: sql<PointType>`${cp.pointType}`, sort_order: cp.sortOrder };

/** The component type tree (components by parent_id) and the component points. */
export const componentsRepo = {
  /** Every component (the taxonomy is a few hundred rows). */
  all(db: DbOrTx): Promise<StoredComponent[]> {
    return db.select(rowColumns).from(c).orderBy(asc(c.sortOrder), asc(c.id));
  },

  /** The components matching `where` and all their descendants. */
  async subtrees(db: DbOrTx, where: ReturnType<typeof sql>): Promise<ComponentRow[]> {
    const r = await db.execute<ComponentRow>(sql`
      with recursive sub as (
        select id, parent_id, description, sort_order from components where ${where}
        union
        select k.id, k.parent_id, k.description, k.sort_order from components k join sub on k.parent_id = sub.id
      ) select id, parent_id, description, sort_order from sub`);
    return r.rows;
  },

  async exists(db: DbOrTx, id: number): Promise<boolean> {
    return (await db.select({ id: c.id }).from(c).where(sql`${c.id} = ${id}`)).length > 0;
  },

  /** The ids of the top-level schedule types, in sort order. */
  async scheduleTypeIds(db: DbOrTx): Promise<number[]> {
    const rows = await db.select({ id: c.id }).from(c).where(sql`${c.isScheduleType}`).orderBy(asc(c.sortOrder), asc(c.id));
    return rows.map((r) => r.id);
  },

  /** Up to `limit` components whose description contains `text` (any case): prefix matches, then shallower, then by name. */
  async typeahead(db: DbOrTx, text: string, limit: number): Promise<ComponentMatch[]> {
    const escaped = likeEscape(text.toLowerCase());
    const r = await db.execute<ComponentMatch>(sql`
      with recursive tree as (
        select id, description, is_schedule_type, array[]::text[] as ancestors from components where parent_id is null
        union all
        select k.id, k.description, k.is_schedule_type, tree.ancestors || tree.description from components k join tree on k.parent_id = tree.id
      )
      select id, description, ancestors, is_schedule_type from tree
      where lower(description) like ${`%${escaped}%`}
      order by (lower(description) like ${`${escaped}%`}) desc, cardinality(ancestors), lower(description), id
      limit ${limit}`);
    return r.rows;
  },

  /** For each id, its chain of ancestors (itself first) up to `stopAt` or the top. */
  async chains(db: DbOrTx, ids: readonly number[], stopAt: number): Promise<Map<number, number[]>> {
    if (ids.length === 0) return new Map();
    const r = await db.execute<{ start: number; id: number; depth: number }>(sql`
      with recursive up as (
        select k.id as start, k.id, k.parent_id, 0 as depth from components k where k.id = any(${sql.param([...ids])}::int[])
        union all
        select up.start, p.id, p.parent_id, up.depth + 1 from components p join up on p.id = up.parent_id where up.id <> ${stopAt} and up.depth < 50
      ) select start, id, depth from up order by start, depth`);
    const chains = new Map<number, number[]>();
    for (const row of r.rows) chains.set(row.start, [...(chains.get(row.start) ?? []), row.id]);
    return chains;
  },

  /** The points of these component types, by type in the order given, then by sort order. */
  async pointsOf(db: DbOrTx, componentIds: readonly number[]): Promise<ComponentPointRow[]> {
    if (componentIds.length === 0) return [];
    const rows = await db.select(pointColumns).from(cp).where(inArray(cp.componentId, [...componentIds])).orderBy(asc(cp.sortOrder), asc(cp.id));
    const rank = new Map(componentIds.map((id, i) => [id, i]));
    return rows.sort((a, b) => (rank.get(a.component_id) ?? 0) - (rank.get(b.component_id) ?? 0));
  },

  allPoints(db: DbOrTx): Promise<ComponentPointRow[]> {
    return db.select(pointColumns).from(cp);
  },

  /** Inserts the types a seed lacks; a type a concurrent seed inserted meanwhile is skipped (the caller reads it back). */
  async insertTypes(db: DbOrTx, rows: { parentId: number | null; description: string; isScheduleType: boolean; sortOrder: number }[]): Promise<void> {
    if (rows.length > 0) await db.insert(c).values(rows).onConflictDoNothing();
  },

  async updateType(db: DbOrTx, id: number, set: { isScheduleType: boolean; sortOrder: number }): Promise<void> {
    await db.update(c).set(set).where(sql`${c.id} = ${id}`);
  },

  async upsertPoints(db: DbOrTx, rows: { componentId: number; pointCode: string; description: string; pointType: string; sortOrder: number }[]): Promise<void> {
    if (rows.length === 0) return;
    await db.insert(cp).values(rows).onConflictDoUpdate({
      target: [cp.componentId, cp.pointCode],
      set: { description: sql`excluded.description`, pointType: sql`excluded.point_type`, sortOrder: sql`excluded.sort_order` },
    });
  },
};
