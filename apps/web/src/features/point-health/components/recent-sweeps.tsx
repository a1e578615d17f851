import { useState } from 'react';
import { Alert, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { Link } from 'react-router';
import { pointHealthCategories, pointHealthCategoryLabels, type PointHealthSweep } from '@syrx/contracts/point-health';
import { JobProgress, JobStatusTag } from '../../../components/job-status-tag';
import { formatOptionalDateTime } from '../../../lib/date-format';
import { useSweeps } from '../api/point-health';
import { scopeLabel, sweepPath } from '../utils/point-health-format';

/** "2 overridden, 1 fault" — the categories found, or "Nothing found". */
export const countsSummary = (s: Pick<PointHealthSweep, 'counts'>): string => {
  const found = pointHealthCategories.filter((c) => s.counts[c] > 0).map((c) => `${s.counts[c]} ${pointHealthCategoryLabels[c].toLowerCase()}`);
  return found.length > 0 ? found.join(', ') : 'Nothing found';
};

/** The sweeps the user sees, newest first, each leading to its findings; followed while one runs. */
export function RecentSweeps() {
  const [paging, setPaging] = useState({ current: 1, pageSize: 10 });
  const sweeps = useSweeps(paging.current, paging.pageSize);
  const columns: TableColumnsType<PointHealthSweep> = [
    { title: 'Sweep', dataIndex: 'id', width: 90, render: (id: number) => <Link to={sweepPath(id)}>#{id}</Link> },
    { title: 'Of', key: 'scope', width: 220, render: (_, s) => scopeLabel(s) },
    { title: 'Status', dataIndex: 'status', width: 110, render: (status: string) => <JobStatusTag status={status} /> },
    { title: 'Progress', dataIndex: 'progress', width: 150, render: (_, s) => <JobProgress status={s.status} progress={s.progress} /> },
    { title: 'Started by', dataIndex: 'username', width: 120 },
    { title: 'Finished', dataIndex: 'finished_at', width: 170, render: (t: string | null) => formatOptionalDateTime(t) },
    { title: 'Found', key: 'counts', render: (_, s) => countsSummary(s) },
  ];
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={4} style={{ margin: 0 }}>Recent sweeps</Typography.Title>
      {sweeps.error && <Alert type="error" showIcon role="alert" title="The sweeps could not be loaded" description={sweeps.error.message} />}
      <Table<PointHealthSweep>
        aria-label="Recent sweeps"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={sweeps.data?.items}
        loading={sweeps.isPending}
        onChange={(p) => setPaging({ current: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
        pagination={{ ...paging, total: sweeps.data?.total ?? 0, showTotal: (n: number) => `${n} sweeps` }}
        locale={{ emptyText: 'No sweeps yet' }}
        tableLayout="fixed"
      />
    </Flex>
  );
}
