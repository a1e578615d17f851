import { type SQL, and, sql } from 'drizzle-orm';
import { AppError } from '@syrx/contracts/errors';
import type { FilterFieldType, FilterOperator, GridFilter, Sort } from '@syrx/contracts/grid';

/** A column a grid may sort or filter by: its SQL expression and, for filters, its type. */
export interface GridColumn {
  expr: SQL;
  type: FilterFieldType;
}

const operatorsByType: Record<FilterFieldType, readonly FilterOperator[]> = {
  string: ['eq', 'neq', 'contains', 'doesnotcontain', 'startswith', 'endswith', 'isnull', 'isnotnull'],
  number: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'isnull', 'isnotnull'],
  boolean: ['eq', 'neq', 'isnull', 'isnotnull'],
  date: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'isnull', 'isnotnull'],
};

/**
 * ORDER BY terms for a grid's sort, by whitelisted wire names (a column may sort by several expressions); empty
 * values last either way. An unknown field is a 400 that names it.
 */
export function orderByOf(sort: Sort[] | undefined, columns: Record<string, SQL | SQL[]>, allowed: readonly string[]): SQL[] {
  return (sort ?? []).flatMap((s) => {
    const expr = allowed.includes(s.field) ? columns[s.field] : undefined;
    if (!expr) {
      throw AppError.badRequest(`Cannot sort by ${s.field}. Sort by one of: ${allowed.join(', ')}.`, [{ field: 'sort', message: `Unknown sort field: ${s.field}` }]);
    }
    return (Array.isArray(expr) ? expr : [expr]).map((e) => (s.dir === 'desc' ? sql`${e} desc nulls last` : sql`${e} asc nulls last`));
  });
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const bad = (i: number, f: GridFilter, part: 'field' | 'field_type' | 'operator' | 'value', message: string) =>
  AppError.badRequest(`Filter on ${f.field}: ${message}.`, [{ field: `filters.${i}.${part}`, message: `${f.field}: ${message}` }]);

function typedValue(i: number, f: GridFilter, type: FilterFieldType): SQL {
  switch (type) {
    case 'string':
      return sql`${f.value}`;
    case 'number': {
      const n = Number(f.value);
      if (f.value.trim() === '' || !Number.isFinite(n)) throw bad(i, f, 'value', `"${f.value}" is not a number`);
      return sql`${String(n)}::numeric`;
    }
    case 'boolean': {
      const v = ({ true: true, '1': true, false: false, '0': false } as Record<string, boolean>)[f.value.toLowerCase()];
      if (v === undefined) throw bad(i, f, 'value', `"${f.value}" is not true or false`);
      return sql`${v}`;
    }
    case 'date': {
      const ms = Date.parse(f.value);
      if (Number.isNaN(ms)) throw bad(i, f, 'value', `"${f.value}" is not a date`);
      return sql`${new Date(ms).toISOString()}::timestamptz`;
    }
  }
}

function condition(i: number, f: GridFilter, col: GridColumn): SQL {
  const e = col.expr;
  if (f.operator === 'isnull') return sql`${e} is null`;
  if (f.operator === 'isnotnull') return sql`${e} is not null`;
  const v = typedValue(i, f, col.type);
  const text = col.type === 'string';
  const like = (pattern: string) => sql`${e} ilike ${pattern}`;
  switch (f.operator) {
    case 'eq': return text ? sql`lower(${e}) = lower(${v})` : sql`${e} = ${v}`;
    case 'neq': return text ? sql`(${e} is null or lower(${e}) <> lower(${v}))` : sql`${e} is distinct from ${v}`;
    case 'contains': return like(`%${likeEscape(f.value)}%`);
    case 'doesnotcontain': return sql`coalesce(${e}, '') not ilike ${`%${likeEscape(f.value)}%`}`;
    case 'startswith': return like(`${likeEscape(f.value)}%`);
    case 'endswith': return like(`%${likeEscape(f.value)}`);
    case 'gt': return sql`${e} > ${v}`;
    case 'gte': return sql`${e} >= ${v}`;
    case 'lt': return sql`${e} < ${v}`;
    case 'lte': return sql`${e} <= ${v}`;
  }
}

/**
 * The WHERE condition of a grid's filters, all of which must hold. An unknown field, a field_type that is not the
 * field's, an operator that does not fit the type or a value that does not read as the type is a 400 naming the field.
 */
export function filtersSqlOf(filters: GridFilter[] | undefined, columns: Record<string, GridColumn>): SQL | undefined {
  const conditions = (filters ?? []).map((f, i) => {
    const col = Object.hasOwn(columns, f.field) ? columns[f.field] : undefined;
    if (!col) throw bad(i, f, 'field', `unknown field; filter by one of: ${Object.keys(columns).join(', ')}`);
    if (f.field_type !== col.type) throw bad(i, f, 'field_type', `${f.field} is a ${col.type} field, not ${f.field_type}`);
    if (!operatorsByType[col.type].includes(f.operator)) throw bad(i, f, 'operator', `operator ${f.operator} does not apply to a ${col.type} field`);
    return condition(i, f, col);
  });
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * A page of a newer-base grid (GET /api/v2/jobs, /roles, /group-roles: pageNum from 1, pageSize, sort, `filter[i]`):
 * its rows and the total. A page beyond any integer is a 400; a refused filter names the query's `filter` parameter
 * (filtersSqlOf says `filters`, the older base's name).
 */
export async function gridPage<T>(
  q: { pageNum: number; pageSize: number },
  list: (page: { offset: number; limit: number }) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<{ items: T[]; total: number }> {
  const offset = (q.pageNum - 1) * q.pageSize;
  if (!Number.isSafeInteger(offset)) throw AppError.badRequest('pageNum is too large.', [{ field: 'pageNum', message: 'Too large' }]);
  try {
    const [items, total] = await Promise.all([list({ offset, limit: q.pageSize }), count()]);
    return { items, total };
  } catch (err) {
    if (err instanceof AppError && err.fields) {
      throw new AppError(err.code, err.status, err.message, err.fields.map((f) => ({ ...f, field: f.field.replace(/^filters\./, 'filter.') })));
    }
    throw err;
  }
}
