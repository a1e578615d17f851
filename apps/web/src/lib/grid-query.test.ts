import { describe, expect, it } from 'vitest';
import { containsFilter, gridQueryParams } from './grid-query';

describe('grid query', () => {
  it('sends paging, the sort and only the filters filled in', () => {
    const filters = [...containsFilter('name', ' aud '), ...containsFilter('permissions', '   ')];
    expect(gridQueryParams({ pageNum: 2, pageSize: 50, sort: [{ field: 'name', dir: 'desc' }], filters })).toEqual({
      pageNum: 2, pageSize: 50, sort: 'name:desc', filter: [{ field: 'name', field_type: 'string', operator: 'contains', value: 'aud' }],
    });
    expect(gridQueryParams({ pageNum: 1, pageSize: 20, sort: [], filters: [] })).toEqual({ pageNum: 1, pageSize: 20 });
  });
});
