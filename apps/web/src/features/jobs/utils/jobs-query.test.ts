import { describe, expect, it } from 'vitest';
import { flattenQuery } from '../../../lib/api-client';
import { jobsQueryParams, newestJobsFirst, noJobFilters } from './jobs-query';

describe('jobs query', () => {
  it('sends paging and sort, and no filter when none is filled in', () => {
    expect(jobsQueryParams({ pageNum: 2, pageSize: 20, sort: newestJobsFirst, filters: noJobFilters })).toEqual({ pageNum: 2, pageSize: 20, sort: 'created_time:desc' });
    expect(jobsQueryParams({ pageNum: 1, pageSize: 50, sort: [], filters: { ...noJobFilters, user: '   ', id: 'abc' } })).toEqual({ pageNum: 1, pageSize: 50 });
  });

  it('numbers only the filled-in filters, in the grid form the server reads (as the client sends them)', () => {
    const params = flattenQuery(jobsQueryParams({ pageNum: 1, pageSize: 20, sort: [{ field: 'status', dir: 'asc' }], filters: { status: 'running', jobType: null, user: ' adm ', id: '' } }));
    expect(params).toEqual({
      pageNum: 1, pageSize: 20, sort: 'status:asc',
      'filter[0][field]': 'status', 'filter[0][field_type]': 'string', 'filter[0][operator]': 'eq', 'filter[0][value]': 'running',
      'filter[1][field]': 'username', 'filter[1][field_type]': 'string', 'filter[1][operator]': 'contains', 'filter[1][value]': 'adm',
    });
  });

  it('filters by id as a number', () => {
    expect(flattenQuery(jobsQueryParams({ pageNum: 1, pageSize: 20, sort: [], filters: { ...noJobFilters, id: ' 42 ', jobType: 'point_record_copy' } }))).toMatchObject({
      'filter[0][field]': 'id', 'filter[0][field_type]': 'number', 'filter[0][value]': '42',
      'filter[1][field]': 'job_type', 'filter[1][value]': 'point_record_copy',
    });
  });
});
