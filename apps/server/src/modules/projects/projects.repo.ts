import { type SQL, eq, sql } from 'drizzle-orm';
import type { Sort } from '@syrx/contracts/grid';
import { type Project, sortableProjectFields } from '@syrx/contracts/projects';
import type { DbOrTx } from '../../db/client.ts';
import { groupRecordRows } from '../../db/group-records.ts';
import { projects as p } from '../../db/schema/index.ts';
import { orderByOf } from '../../lib/grid-sql.ts';

export interface ProjectValues {
  name: string;
  address: string | null;
  customerProjectId: string | null;
  architectProjectId: string | null;
  startDate: Date | null;
  completeDate: Date | null;
  estimatedCost: string | null;
  ownerId: number | null;
  commAuthorityId: number | null;
  engineerId: number | null;
}

const columns = {
  id: p.id, name: p.name, address: p.address, customer_project_id: p.customerProjectId, architect_project_id: p.architectProjectId,
  start_date: p.startDate, complete_date: p.completeDate, estimated_cost: p.estimatedCost, owner_id: p.ownerId,
  comm_authority_id: p.commAuthorityId, engineer_id: p.engineerId, group_id: p.groupId,
};
type Row = Omit<Project, 'start_date' | 'complete_date'> & { start_date: Date | null; complete_date: Date | null };
const toProject = (r: Row): Project => ({ ...r, start_date: r.start_date?.toISOString() ?? null, complete_date: r.complete_date?.toISOString() ?? null });

/** An estimated cost that reads as a number ("$1,250,000.00" → 1250000) sorts by its value; other text after, by text. */
const costDigits = sql`regexp_replace(${p.estimatedCost}, '[$, ]', '', 'g')`;
const costValue = sql`case when ${costDigits} ~ '^[0-9]{1,30}(\\.[0-9]{1,10})?$' then ${costDigits}::numeric end`;
const sortColumns: Record<(typeof sortableProjectFields)[number], SQL | SQL[]> = {
  id: sql`${p.id}`,
  name: sql`lower(${p.name})`,
  address: sql`lower(${p.address})`,
  customer_project_id: sql`lower(${p.customerProjectId})`,
  architect_project_id: sql`lower(${p.architectProjectId})`,
  start_date: sql`${p.startDate}`,
  complete_date: sql`${p.completeDate}`,
  estimated_cost: [costValue, sql`lower(${p.estimatedCost})`],
};

/** Projects of groups. */
export const projectsRepo = {
  /** Its delete takes the project's equipment and their tasks with it. */
  ...groupRecordRows(p),

  /** A page of a group's projects, by name unless sorted otherwise (an unknown sort field is a 400). */
  async page(db: DbOrTx, groupId: number, sort: Sort[] | undefined, page: { offset: number; limit: number }): Promise<Project[]> {
    const order = orderByOf(sort, sortColumns, sortableProjectFields);
    const rows = await db.select(columns).from(p).where(eq(p.groupId, groupId))
      .orderBy(...order, sql`lower(${p.name})`, p.id).offset(page.offset).limit(page.limit);
    return rows.map(toProject);
  },

  async count(db: DbOrTx, groupId: number): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(p).where(eq(p.groupId, groupId));
    return row?.n ?? 0;
  },

  async find(db: DbOrTx, id: number): Promise<Project | null> {
    const [row] = await db.select(columns).from(p).where(eq(p.id, id));
    return row ? toProject(row) : null;
  },

  async findByName(db: DbOrTx, groupId: number, name: string): Promise<Project | null> {
    const [row] = await db.select(columns).from(p).where(sql`${p.groupId} = ${groupId} and ${p.name} = ${name}`).limit(1);
    return row ? toProject(row) : null;
  },

  async update(db: DbOrTx, id: number, v: ProjectValues): Promise<boolean> {
    return (await db.update(p).set(v).where(eq(p.id, id)).returning({ id: p.id })).length > 0;
  },
};
