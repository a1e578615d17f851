import { sql } from 'drizzle-orm';
import type { GroupPoint } from '@syrx/contracts/point-sources';
import type { DbOrTx } from '../../db/client.ts';
import { isoOf } from '../../lib/sql-dates.ts';
import { byName, type Page } from './point-trees.repo.ts';

/** Whose name holds the text, case-insensitively (LIKE's wildcards in it are taken literally). */
const nameHolds = (search: string | undefined) =>
  search ? sql`and p.name ilike ${`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``;

/** A group's own points with their series' summary (the group point record browser's picker). */
export const groupDataRepo = {
  async points(db: DbOrTx, groupId: number, search: string | undefined, page: Page): Promise<GroupPoint[]> {
    const r = await db.execute<GroupPoint>(sql`
      select p.id, p.group_id, p.name, p.unit, p.description, coalesce(d.record_count, 0)::float8 as record_count,
        ${isoOf(sql`d.earliest_record_on`)} as earliest_record_date, ${isoOf(sql`d.latest_record_on`)} as latest_record_date
      from group_points p left join data_points d on d.group_point_id = p.id
      where p.group_id = ${groupId} ${nameHolds(search)}
      order by ${sql.join(byName(sql`p.name`), sql`, `)}, p.id limit ${page.limit} offset ${page.offset}`);
    return r.rows;
  },

  async count(db: DbOrTx, groupId: number, search: string | undefined): Promise<number> {
    const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from group_points p where p.group_id = ${groupId} ${nameHolds(search)}`);
    return r.rows[0]?.n ?? 0;
  },
};
