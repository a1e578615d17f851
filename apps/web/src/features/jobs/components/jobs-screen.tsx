import { useState } from 'react';
import { Alert, Button, Flex, Table, type TableProps, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { Sort } from '@syrx/contracts/grid';
import type { Job } from '@syrx/contracts/jobs';
import { useJobsPage } from '../api/jobs';
import { type JobFilters, newestJobsFirst, noJobFilters } from '../utils/jobs-query';
import { ChildJobs } from './child-jobs';
import { jobColumns } from './job-columns';
import { JobFilterBar } from './job-filter-bar';
import { sortFromSorter } from '../../../lib/table-sort';

const pageSizes = [20, 50, 100, 200];

/**
 * /admin/jobs: the top-level background jobs, paged, sortable and filterable, following their progress while any
 * on the page runs. Expanding a job shows its child jobs; each job links to its log tree.
 */
export function JobsScreen() {
  const [filters, setFilters] = useState<JobFilters>(noJobFilters);
  const [sort, setSort] = useState<Sort[]>(newestJobsFirst);
  const [paging, setPaging] = useState({ current: 1, pageSize: 20 });
  const page = useJobsPage({ pageNum: paging.current, pageSize: paging.pageSize, sort, filters });

  const onChange: TableProps<Job>['onChange'] = (pagination, _filters, sorter) => {
    setSort(sortFromSorter(sorter, newestJobsFirst));
    setPaging({ current: pagination.current ?? 1, pageSize: pagination.pageSize ?? paging.pageSize });
  };

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
            setPaging((p) => ({ ...p, current: 1 }));
          }}
        />
        <Button icon={<ReloadOutlined />} loading={page.isFetching} onClick={() => void page.refetch()}>
          Refresh
        </Button>
      </Flex>
      {page.isError && <Alert type="error" showIcon role="alert" title="The jobs could not be loaded" description={page.error.message} />}
      <Table<Job>
        aria-label="Jobs"
        rowKey="id"
        size="small"
        columns={jobColumns(sort)}
        dataSource={page.data?.items ?? []}
        loading={page.isPending}
        onChange={onChange}
        expandable={{ rowExpandable: (j) => j.child_job_count > 0, expandedRowRender: (j) => <ChildJobs parent={j} /> }}
        pagination={{ ...paging, total: page.data?.total ?? 0, showSizeChanger: true, pageSizeOptions: pageSizes, showTotal: (total, [from, to]) => `${from}-${to} of ${total} jobs` }}
        locale={{ emptyText: 'No jobs' }}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}
