import { type AnyColumn, getTableName, type SQL, sql } from 'drizzle-orm';

/**
 * A column named with its table, for a subquery that refers to the query around it: drizzle writes a column of a
 * lone table unqualified, and inside a subquery an unqualified name means the subquery's own column when it has one
 * of that name (`syrx_controller_id = syrx_controller_id` then matched every row).
 */
export const qualified = (column: AnyColumn): SQL => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
