import { Button, Flex, type TableColumnsType, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import type { MoveJobRow } from '@syrx/contracts/data-moves';
import type { Sort } from '@syrx/contracts/grid';
import { JobProgress, JobStatusTag } from '../../../components/job-status-tag';
import { PagedGrid, sortableColumn, timestampColumnWidth, usePagedGrid } from '../../../components/paged-grid';
import { formatOptionalDateTime } from '../../../lib/date-format';
import { newestQueuedFirst, useMoveJobs } from '../api/move-jobs';
import { moveRangeLabel } from '../utils/move-row';

const pageSizes = [20, 50, 100];

function columns(sort: readonly Sort[]): TableColumnsType<MoveJobRow> {
  const sortable = (field: string) => sortableColumn(sort, field, true);
  const time = (iso: string | null) => formatOptionalDateTime(iso);
  return [
    { title: 'Job', dataIndex: 'job_id', width: 80, render: (id: number) => <Link to={`/admin/jobs/${id}/logs`} aria-label={`Logs of job ${id}`}>{id}</Link>, ...sortable('job_id') },
    { title: 'Source', dataIndex: 'source_data_point_name', ...sortable('source_data_point_name') },
    { title: 'Destination', dataIndex: 'destination_data_point_name', ...sortable('destination_data_point_name') },
    { title: 'Range', key: 'range', render: (_: unknown, r) => moveRangeLabel(r) },
    { title: 'Copy or move', dataIndex: 'source_record_handling', width: 110, render: (h: string) => (h === 'move' ? 'Move' : 'Copy') },
    { title: 'Remap', dataIndex: 'remap_equipment_points', width: 80, render: (remap: boolean) => (remap ? 'Yes' : 'No') },
    { title: 'Status', dataIndex: 'status', width: 110, render: (s: string) => <JobStatusTag status={s} />, ...sortable('status') },
    { title: 'Progress', dataIndex: 'progress', width: 130, render: (p: number, r) => <JobProgress status={r.status} progress={p} /> },
    {
      title: 'Records', key: 'records', width: 150,
      render: (_: unknown, r) => `${r.records_copied} copied${r.source_record_handling === 'move' ? `, ${r.records_deleted} deleted` : ''}${r.remap_equipment_points ? `, ${r.equipment_points_remapped} remapped` : ''}`,
    },
    { title: 'Queued', dataIndex: 'job_queued_date', width: timestampColumnWidth, render: time, ...sortable('job_queued_date') },
    { title: 'Started', dataIndex: 'job_started_date', width: timestampColumnWidth, render: time, ...sortable('job_started_date') },
    { title: 'Completed', dataIndex: 'job_completed_date', width: timestampColumnWidth, render: time, ...sortable('job_completed_date') },
  ];
}

/** /admin/move-vendor-point-data: the move jobs, newest queued first, following them while any is unfinished. */
export function MoveJobsList() {
  const navigate = useNavigate();
  const grid = usePagedGrid(newestQueuedFirst);
  const list = useMoveJobs({ page: grid.paging.current, pageSize: grid.paging.pageSize, sort: grid.sort });

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
      <PagedGrid<MoveJobRow> label="Move jobs" what="move jobs" texts={{ total: false }} grid={grid} columns={columns(grid.sort)} rowKey="job_id" source={list} pageSizes={pageSizes} />
    </Flex>
  );
}
