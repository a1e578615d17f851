import { describe, expect, it } from 'vitest';
import { containsFilter, gridQueryParams } from './grid-query';

describe('grid query', () => {
  it('sends paging, the sort and only the filters filled in', () => {
    const filters = [...containsFilter('name', ' aud '), ...containsFilter('permissions', '   ')];
    expect(gridQueryParams({ pageNum: 2, pageSize: 50, sort: [{ field: 'name', dir: 'desc' }], filters })).toEqual({
      pageNum: 2, pageSize: 50, sort: 'name:desc',
      'filter[0][field]': 'name', 'filter[0][field_type]': 'string', 'filter[0][operator]': 'contains', 'filter[0][value]': 'aud',
    });
    expect(gridQueryParams({ pageNum: 1, pageSize: 20, sort: [], filters: [] })).toEqual({ pageNum: 1, pageSize: 20 });
  });
});
