import { useState } from 'react';
import { Alert, Button, Flex, Table, type TableColumnsType, type TableProps, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { SortOrder } from 'antd/es/table/interface';
import { Link, useNavigate } from 'react-router';
import type { MoveJobRow } from '@syrx/contracts/data-moves';
import type { Sort } from '@syrx/contracts/grid';
import { JobProgress, JobStatusTag } from '../../../components/job-status-tag';
import { formatOptionalDateTime } from '../../../lib/date-format';
import { newestQueuedFirst, useMoveJobs } from '../api/move-jobs';
import { moveRangeLabel } from '../utils/move-row';
import { sortFromSorter } from '../../../lib/table-sort';

const pageSizes = [20, 50, 100];

function columns(sort: readonly Sort[]): TableColumnsType<MoveJobRow> {
  const sortable = (field: string) => {
    const dir = sort.find((s) => s.field === field)?.dir;
    const sortOrder: SortOrder = dir === undefined ? null : dir === 'asc' ? 'ascend' : 'descend';
    return { key: field, sorter: true, sortOrder, sortDirections: ['descend', 'ascend'] as SortOrder[] };
  };
  const time = (iso: string | null) => formatOptionalDateTime(iso);
  return [
    { title: 'Job', dataIndex: 'job_id', width: 80, render: (id: number) => <Link to={`/admin/jobs/${id}/logs`} aria-label={`Logs of job ${id}`}>{id}</Link>, ...sortable('job_id') },
    { title: 'Source', dataIndex: 'source_data_point_name', ...sortable('source_data_point_name') },
    { title: 'Destination', dataIndex: 'destination_data_point_name', ...sortable('destination_data_point_name') },
    { title: 'Range', key: 'range', render: (_: unknown, r) => moveRangeLabel(r) },
    { title: 'Copy or move', dataIndex: 'source_record_handling', width: 110, render: (h: string) => (h === 'move' ? 'Move' : 'Copy') },
    { title: 'Remap', dataIndex: 'remap_equipment_points', width: 80, render: (remap: boolean) => (remap ? 'Yes' : 'No') },
    { title: 'Status', dataIndex: 'status', width: 110, render: (s: string) => <JobStatusTag status={s} />, ...sortable('status') },
    { title: 'Progress', dataIndex: 'progress', width: 150, render: (p: number, r) => <JobProgress status={r.status} progress={p} /> },
    {
      title: 'Records', key: 'records', width: 170,
      render: (_: unknown, r) => `${r.records_copied} copied${r.source_record_handling === 'move' ? `, ${r.records_deleted} deleted` : ''}${r.remap_equipment_points ? `, ${r.equipment_points_remapped} remapped` : ''}`,
    },
    { title: 'Queued', dataIndex: 'job_queued_date', width: 190, render: time, ...sortable('job_queued_date') },
    { title: 'Started', dataIndex: 'job_started_date', width: 190, render: time, ...sortable('job_started_date') },
    { title: 'Completed', dataIndex: 'job_completed_date', width: 190, render: time, ...sortable('job_completed_date') },
  ];
}

/** /admin/move-vendor-point-data: the move jobs, newest queued first, following them while any is unfinished. */
export function MoveJobsList() {
  const navigate = useNavigate();
  const [sort, setSort] = useState<Sort[]>(newestQueuedFirst);
  const [paging, setPaging] = useState({ current: 1, pageSize: 20 });
  const list = useMoveJobs({ page: paging.current, pageSize: paging.pageSize, sort });

  const onChange: TableProps<MoveJobRow>['onChange'] = (pagination, _filters, sorter) => {
    setSort(sortFromSorter(sorter, newestQueuedFirst));
    setPaging({ current: pagination.current ?? 1, pageSize: pagination.pageSize ?? paging.pageSize });
  };

  return (
    <Flex vertical gap={16}>
      <Flex gap={16} align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>
          Move vendor point data
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/admin/move-vendor-point-data/new')}>
          New
        </Button>
      </Flex>
      {list.isError && <Alert type="error" showIcon role="alert" title="The move jobs could not be loaded" description={list.error.message} />}
      <Table<MoveJobRow>
        aria-label="Move jobs"
        rowKey="job_id"
        size="small"
        columns={columns(sort)}
        dataSource={list.data?.items ?? []}
        loading={list.isPending}
        onChange={onChange}
        pagination={{ ...paging, total: list.data?.total ?? 0, showSizeChanger: true, pageSizeOptions: pageSizes }}
        locale={{ emptyText: 'No move jobs' }}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}
