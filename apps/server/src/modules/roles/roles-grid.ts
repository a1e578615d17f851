import { type SQL, and, sql } from 'drizzle-orm';
import type { GridFilter, Sort } from '@syrx/contracts/grid';
import type { DbOrTx } from '../../db/client.ts';
import { type GridColumn, filtersSqlOf, orderByOf } from '../../lib/grid-sql.ts';

/** Where the grids of roles and of group roles differ: the table, the columns read, and those filtered and sorted. */
export interface NamedGridTable {
  /** The table with its alias (`roles r`). */
  from: SQL;
  select: SQL;
  filterColumns: Record<string, GridColumn>;
  /** The sort expressions by wire name; after the asked sort, rows go by name, then id. */
  sortColumns: { id: SQL; name: SQL } & Record<string, SQL>;
  sortable: readonly string[];
}

/** The grid reads of a table of named things (roles, group roles): a page by name unless sorted otherwise, and the count. */
export function namedGridReads<Row>(t: NamedGridTable) {
  const whereOf = (filters: GridFilter[] | undefined): SQL => and(filtersSqlOf(filters, t.filterColumns)) ?? sql`true`;
  return {
    list: async (db: DbOrTx, q: { filters: GridFilter[] | undefined; sort: Sort[] | undefined }, page: { offset: number; limit: number }): Promise<Row[]> => {
      const order = [...orderByOf(q.sort, t.sortColumns, t.sortable), t.sortColumns.name, t.sortColumns.id];
      const r = await db.execute(sql`
        select ${t.select} from ${t.from} where ${whereOf(q.filters)}
        order by ${sql.join(order, sql`, `)} offset ${page.offset} limit ${page.limit}`);
      // The rows are what the table's `select` reads: the caller's row type.
      return r.rows as Row[];
    },

    count: async (db: DbOrTx, filters: GridFilter[] | undefined): Promise<number> => {
      const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${t.from} where ${whereOf(filters)}`);
      return r.rows[0]?.n ?? 0;
    },
  };
}
