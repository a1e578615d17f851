import { z } from 'zod';

export const sortDirections = ['asc', 'desc'] as const;
export const sortSchema = z.object({ field: z.string().min(1).max(64), dir: z.enum(sortDirections).default('asc') });
export type Sort = z.infer<typeof sortSchema>;

/**
 * Paging and sorting as a grid sends them: skip/take or page/pageSize, and sort either as
 * sort[0][field]=name&sort[0][dir]=desc or as sort=name:desc (comma-separated for several).
 */
export const gridQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).optional(),
  take: z.coerce.number().int().min(1).max(1000).optional(),
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(1000).optional(),
  sort: z
    .preprocess((v) => {
      if (typeof v === 'string') {
        return v.split(',').filter(Boolean).map((s) => {
          const [field, dir] = s.split(':');
          return { field, dir: dir || undefined };
        });
      }
      if (v && typeof v === 'object' && !Array.isArray(v)) return Object.values(v as Record<string, unknown>);
      return v;
    }, z.array(sortSchema).max(4))
    .optional(),
});
export type GridQuery = z.infer<typeof gridQuerySchema>;

/** The offset and limit a grid query asks for (default: the first 50 rows). */
export function pageOf(q: GridQuery, defaultSize = 50): { offset: number; limit: number } {
  const limit = q.take ?? q.pageSize ?? defaultSize;
  const offset = q.skip ?? (q.page ? (q.page - 1) * limit : 0);
  return { offset, limit };
}

/** Filter operators a grid may send; which apply depends on the field type. */
export const filterOperators = ['eq', 'neq', 'contains', 'doesnotcontain', 'startswith', 'endswith', 'gt', 'gte', 'lt', 'lte', 'isnull', 'isnotnull'] as const;
export const filterFieldTypes = ['string', 'number', 'boolean', 'date'] as const;
export type FilterOperator = (typeof filterOperators)[number];
export type FilterFieldType = (typeof filterFieldTypes)[number];

/**
 * One filter of a grid: filters[0][field]=name&filters[0][field_type]=string&filters[0][operator]=contains&filters[0][value]=AHU.
 * The value is text as the query string carries it; the server reads it by field_type.
 */
export const gridFilterSchema = z.object({
  field: z.string().min(1).max(64),
  field_type: z.enum(filterFieldTypes),
  operator: z.enum(filterOperators),
  value: z.preprocess((v) => (v === undefined || v === null ? '' : typeof v === 'number' || typeof v === 'boolean' ? String(v) : v), z.string().max(500)),
});
export type GridFilter = z.infer<typeof gridFilterSchema>;

/** Filters in that query form (the web's grids, and bench/api-load's clients as the web sends them). */
export function filterParams(filters: readonly GridFilter[]): Record<string, string> {
  const params: Record<string, string> = {};
  filters.forEach((f, i) => {
    params[`filters[${i}][field]`] = f.field;
    params[`filters[${i}][field_type]`] = f.field_type;
    params[`filters[${i}][operator]`] = f.operator;
    params[`filters[${i}][value]`] = f.value;
  });
  return params;
}

export const filteredGridQuerySchema = gridQuerySchema.extend({
  filters: z
    .preprocess((v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v as Record<string, unknown>) : v), z.array(gridFilterSchema).max(10))
    .optional(),
});
export type FilteredGridQuery = z.infer<typeof filteredGridQuerySchema>;
