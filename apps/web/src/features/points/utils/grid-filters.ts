import type { GridFilter } from '@syrx/contracts/grid';
import { filterablePointFields } from '@syrx/contracts/points';

type FilterValue = readonly (string | number | boolean | bigint)[] | null | undefined;

/** How each filterable column filters: text columns by "contains", the others by equality. */
const operators: Partial<Record<keyof typeof filterablePointFields, GridFilter['operator']>> = {
  object_type: 'eq',
  instance_number: 'eq',
  is_available: 'eq',
  reporting_is_selected_for_reporting: 'eq',
  syrx_controller_bacnet_device_id: 'eq',
};

const isFilterable = (key: string): key is keyof typeof filterablePointFields => Object.hasOwn(filterablePointFields, key);

/**
 * The server's filters (gridFilterSchema) from the grid's column filters, keyed by field: the first value of each,
 * empty text left out.
 */
export function toGridFilters(filters: Record<string, FilterValue>): GridFilter[] {
  return Object.entries(filters).flatMap(([field, values]): GridFilter[] => {
    const value = values?.[0];
    if (value === undefined || !isFilterable(field) || String(value).trim() === '') return [];
    const field_type = filterablePointFields[field];
    return [{ field, field_type, operator: operators[field] ?? (field_type === 'string' ? 'contains' : 'eq'), value: String(value).trim() }];
  });
}
