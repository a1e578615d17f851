import { Flex, Input } from 'antd';
import { type JobStatus, type JobType, jobStatuses, jobTypes } from '@syrx/contracts/jobs';
import { FilterSelect } from '../../../components/filter-controls';
import { type JobFilters, jobTypeLabels } from '../utils/jobs-query';

/** Status and type (one of each, or any), user (name contains) and id; text applies on Enter or search. */
export function JobFilterBar({ filters, onChange }: { filters: JobFilters; onChange: (filters: JobFilters) => void }) {
  return (
    <Flex gap={12} wrap align="center" role="search" aria-label="Job filters">
      <FilterSelect<JobStatus> label="Status" width={160} value={filters.status} onChange={(status) => onChange({ ...filters, status })} placeholder="Any status" options={jobStatuses.map((s) => ({ value: s, label: s }))} />
      <FilterSelect<JobType> label="Type" width={240} value={filters.jobType} onChange={(jobType) => onChange({ ...filters, jobType })} placeholder="Any type" options={jobTypes.map((t) => ({ value: t, label: jobTypeLabels[t] }))} />
      <Input.Search aria-label="User" placeholder="User name contains" style={{ width: 220 }} allowClear defaultValue={filters.user} onSearch={(user) => onChange({ ...filters, user })} />
      <Input.Search aria-label="Job id" placeholder="Job id" inputMode="numeric" style={{ width: 160 }} allowClear defaultValue={filters.id} onSearch={(id) => onChange({ ...filters, id })} />
    </Flex>
  );
}
