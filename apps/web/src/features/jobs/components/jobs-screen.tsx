import { useState } from 'react';
import { Button, Flex, type TableProps, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { Job } from '@syrx/contracts/jobs';
import { PagedGrid, usePagedGrid } from '../../../components/paged-grid';
import { useJobsPage } from '../api/jobs';
import { type JobFilters, newestJobsFirst, noJobFilters } from '../utils/jobs-query';
import { ChildJobs } from './child-jobs';
import { jobColumns } from './job-columns';
import { JobFilterBar } from './job-filter-bar';

const pageSizes = [20, 50, 100, 200];
const childJobs: TableProps<Job>['expandable'] = { rowExpandable: (j) => j.child_job_count > 0, expandedRowRender: (j) => <ChildJobs parent={j} /> };

/**
 * /admin/jobs: the top-level background jobs, paged, sortable and filterable, following their progress while any
 * on the page runs. Expanding a job shows its child jobs; each job links to its log tree.
 */
export function JobsScreen() {
  const [filters, setFilters] = useState<JobFilters>(noJobFilters);
  const grid = usePagedGrid(newestJobsFirst);
  const page = useJobsPage({ pageNum: grid.paging.current, pageSize: grid.paging.pageSize, sort: grid.sort, filters });

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Jobs
      </Typography.Title>
      <Flex gap={12} align="center" wrap>
        <JobFilterBar
          filters={filters}
          onChange={(next) => {
            setFilters(next);
            grid.firstPage();
          }}
        />
        <Button icon={<ReloadOutlined />} loading={page.isFetching} onClick={() => void page.refetch()}>
          Refresh
        </Button>
      </Flex>
      <PagedGrid<Job> label="Jobs" what="jobs" grid={grid} columns={jobColumns(grid.sort)} rowKey="id" source={page} pageSizes={pageSizes} expandable={childJobs} />
    </Flex>
  );
}
