import { Flex, type TableProps } from 'antd';
import type { Job } from '@syrx/contracts/jobs';
import { RefreshButton } from '../../../components/filter-controls';
import { PagedGrid, useGridFilters, usePagedGrid } from '../../../components/paged-grid';
import { useJobsPage } from '../api/jobs';
import { type JobFilters, newestJobsFirst, noJobFilters } from '../utils/jobs-query';
import { ChildJobs } from './child-jobs';
import { jobColumns } from './job-columns';
import { JobFilterBar } from './job-filter-bar';
import { Page } from '../../../components/page';

const pageSizes = [20, 50, 100, 200];
const childJobs: TableProps<Job>['expandable'] = { rowExpandable: (j) => j.child_job_count > 0, expandedRowRender: (j) => <ChildJobs parent={j} /> };

/**
 * /admin/jobs: the top-level background jobs, paged, sortable and filterable, following their progress while any
 * on the page runs. Expanding a job shows its child jobs; each job links to its log tree.
 */
export function JobsScreen() {
  const grid = usePagedGrid(newestJobsFirst);
  const [filters, changeFilters] = useGridFilters<JobFilters>(noJobFilters, grid);
  const page = useJobsPage({ pageNum: grid.paging.current, pageSize: grid.paging.pageSize, sort: grid.sort, filters });

  return (
    <Page title="Jobs">
      <Flex gap={12} align="center" wrap>
        <JobFilterBar filters={filters} onChange={changeFilters} />
        <RefreshButton refreshing={page.isFetching} onRefresh={() => page.refetch()} />
      </Flex>
      <PagedGrid<Job> label="Jobs" what="jobs" grid={grid} columns={jobColumns(grid.sort)} rowKey="id" source={page} pageSizes={pageSizes} expandable={childJobs} />
    </Page>
  );
}
