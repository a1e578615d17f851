import type { Sort } from '@syrx/contracts/grid';
import type { JobStatus, JobType } from '@syrx/contracts/jobs';

/** The grid's filters: a status and a type (null: any), and text the user name contains and the id (empty: any). */
export interface JobFilters {
  status: JobStatus | null;
  jobType: JobType | null;
  user: string;
  id: string;
}

export const noJobFilters: JobFilters = { status: null, jobType: null, user: '', id: '' };
export const newestJobsFirst: Sort[] = [{ field: 'created_time', dir: 'desc' }];

export interface JobsQuery {
  /** From 1. */
  pageNum: number;
  pageSize: number;
  sort: readonly Sort[];
  filters: JobFilters;
}

/** A filter as GET /api/v2/jobs reads it (filter[i][field], [field_type], [operator], [value]). */
interface JobFilter {
  field: string;
  field_type: 'string' | 'number';
  operator: 'eq' | 'contains';
  value: string;
}

/** Only the filters the user filled in: an empty one is not sent (spec 02 section 7). */
export function jobFilterList(f: JobFilters): JobFilter[] {
  const list: JobFilter[] = [];
  const id = f.id.trim();
  if (/^\d+$/.test(id)) list.push({ field: 'id', field_type: 'number', operator: 'eq', value: id });
  if (f.status) list.push({ field: 'status', field_type: 'string', operator: 'eq', value: f.status });
  if (f.jobType) list.push({ field: 'job_type', field_type: 'string', operator: 'eq', value: f.jobType });
  if (f.user.trim() !== '') list.push({ field: 'username', field_type: 'string', operator: 'contains', value: f.user.trim() });
  return list;
}

/** The query of GET /api/v2/jobs: pageNum, pageSize, sort (field:dir,…) and the non-empty filters (filter[i][…]). */
export function jobsQueryParams(q: JobsQuery): { pageNum: number; pageSize: number; sort?: string; filter?: JobFilter[] } {
  const filter = jobFilterList(q.filters);
  return {
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    ...(q.sort.length > 0 ? { sort: q.sort.map((s) => `${s.field}:${s.dir}`).join(',') } : {}),
    ...(filter.length > 0 ? { filter } : {}),
  };
}

export const jobTypeLabels: Record<JobType, string> = {
  vendor_point_record_move: 'Move vendor point data',
  point_record_copy: 'Copy records',
  point_record_delete_source: 'Delete source records',
  equipment_point_remap: 'Remap equipment points',
  vendor_point_record_import: 'Import vendor point records',
  pcs_point_import: 'Import PCS points',
  group_data_upload: 'Upload group data',
  point_record_rollup_backfill: 'Build point record rollups',
  point_health_sweep: 'Point health sweep',
};
