import { type SQL, and, sql } from 'drizzle-orm';
import type { GridFilter, Sort } from '@syrx/contracts/grid';
import type { DbOrTx } from '../../db/client.ts';
import { type GridColumn, filtersSqlOf, orderByOf } from '../../lib/grid-sql.ts';
import type { CatalogueSpec } from './catalogue-spec.ts';

export type CatalogueRow = { id: number } & Record<string, unknown>;

/** The SQL of one catalogue table (spec): its grid, its rows by id or by key, and its writes. */
export function catalogueRepo(spec: CatalogueSpec) {
  const table = sql.identifier(spec.table);
  const column = (name: string) => sql`t.${sql.identifier(name)}`;
  const key = column(spec.key);
  const usedBy = (u: NonNullable<CatalogueSpec['usage']>) =>
    sql.join((typeof u.column === 'string' ? [u.column] : u.column).map((c) => sql`u.${sql.identifier(c)} = t.id`), sql` or `);
  const usage = spec.usage ? sql`(select count(*)::int from ${sql.identifier(spec.usage.table)} u where ${usedBy(spec.usage)})` : undefined;
  const scope = Object.entries(spec.scope ?? {});
  const inScope = sql.join([sql`true`, ...scope.map(([c, v]) => sql`${column(c)} = ${v}`)], sql` and `);
  const sameWithin = (input: Readonly<Record<string, unknown>>) => sql.join([sql`true`, ...(spec.keyWithin ?? []).map((c) => sql`${column(c)} = ${input[c] ?? null}`)], sql` and `);
  const exprOf = (field: string): SQL => (field === spec.usage?.as && usage ? usage : column(field));
  const select = sql.join([sql`t.id`, ...spec.columns.map(column), ...(usage && spec.usage ? [sql`${usage} as ${sql.identifier(spec.usage.as)}`] : [])], sql`, `);
  const filterColumns: Record<string, GridColumn> = Object.fromEntries(Object.entries(spec.fields).map(([f, type]) => [f, { expr: exprOf(f), type }]));
  const sortColumns: Record<string, SQL> = Object.fromEntries(Object.entries(spec.fields).map(([f, type]) => [f, type === 'string' ? sql`lower(${exprOf(f)})` : exprOf(f)]));
  const whereOf = (filters: GridFilter[] | undefined): SQL => and(inScope, filtersSqlOf(filters, filterColumns)) ?? inScope;
  const rows = async (db: DbOrTx, query: SQL) => (await db.execute<CatalogueRow>(query)).rows;
  const values = (input: Readonly<Record<string, unknown>>) => spec.columns.map((c) => sql`${input[c] ?? null}`);

  return {
    /** A page of rows, by key unless sorted otherwise (then by key, then id). */
    list: (db: DbOrTx, q: { filters: GridFilter[] | undefined; sort: Sort[] | undefined }, page: { offset: number; limit: number }) => {
      const order = [...orderByOf(q.sort, sortColumns, Object.keys(spec.fields)), sql`lower(${key})`, sql`t.id`];
      return rows(db, sql`select ${select} from ${table} t where ${whereOf(q.filters)} order by ${sql.join(order, sql`, `)} offset ${page.offset} limit ${page.limit}`);
    },

    count: async (db: DbOrTx, filters: GridFilter[] | undefined): Promise<number> =>
      (await db.execute<{ n: number }>(sql`select count(*)::int as n from ${table} t where ${whereOf(filters)}`)).rows[0]?.n ?? 0,

    find: async (db: DbOrTx, id: number): Promise<CatalogueRow | null> => (await rows(db, sql`select ${select} from ${table} t where t.id = ${id} and ${inScope}`))[0] ?? null,

    /** The id of another row (of the scope, with the same `keyWithin` values) whose key is this value in any letter case. */
    keyTakenBy: async (db: DbOrTx, input: Readonly<Record<string, unknown>>, exceptId: number): Promise<number | null> =>
      (await rows(db, sql`select t.id from ${table} t where lower(${key}) = lower(${String(input[spec.key])}) and t.id <> ${exceptId}
        and ${inScope} and ${sameWithin(input)} limit 1`))[0]?.id ?? null,

    insert: async (db: DbOrTx, input: Readonly<Record<string, unknown>>): Promise<number> => {
      const names = sql.join([...spec.columns, ...scope.map(([c]) => c)].map((c) => sql.identifier(c)), sql`, `);
      const all = [...values(input), ...scope.map(([, v]) => sql`${v}`)];
      const [row] = await rows(db, sql`insert into ${table} (${names}) values (${sql.join(all, sql`, `)}) returning id`);
      if (!row) throw new Error(`${spec.table}: nothing inserted`);
      return row.id;
    },

    update: async (db: DbOrTx, id: number, input: Readonly<Record<string, unknown>>): Promise<void> => {
      const set = spec.columns.map((c) => sql`${sql.identifier(c)} = ${input[c] ?? null}`);
      await db.execute(sql`update ${table} t set ${sql.join(set, sql`, `)} where t.id = ${id} and ${inScope}`);
    },

    delete: async (db: DbOrTx, id: number): Promise<void> => {
      await db.execute(sql`delete from ${table} t where t.id = ${id} and ${inScope}`);
    },
  };
}
export type CatalogueRepo = ReturnType<typeof catalogueRepo>;
