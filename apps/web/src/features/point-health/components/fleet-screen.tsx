import { Alert, Button, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { FleetRow, PointHealthCategory } from '@syrx/contracts/point-health';
import { pointHealthCategories, pointHealthCategoryLabels } from '@syrx/contracts/point-health';
import { formatOptionalDateTime } from '../../../lib/date-format';
import { gridMinWidth } from '../../../components/paged-grid';
import { useFleet, useStartSweep } from '../api/point-health';
import { sweepPath } from '../utils/point-health-format';
import { RecentSweeps } from './recent-sweeps';
import { ScheduledSweeps } from './scheduled-sweeps';

const countOf = (r: FleetRow, c: PointHealthCategory) => r.counts?.[c] ?? -1;

/** A count that drills down into the sweep's findings of that controller and category (none: a dash). */
function CountCell({ row, category }: { row: FleetRow; category: PointHealthCategory }) {
  const n = row.counts?.[category];
  if (n === undefined || row.sweep_id === null) return <Typography.Text type="secondary">–</Typography.Text>;
  if (n === 0) return <Typography.Text type="secondary">0</Typography.Text>;
  return (
    <Link to={sweepPath(row.sweep_id, { category, controller: row.syrx_controller_id })} aria-label={`${pointHealthCategoryLabels[category]} on ${row.syrx_controller_name}: ${n}`}>
      <Typography.Text strong type={category === 'stale' ? 'warning' : 'danger'}>{n}</Typography.Text>
    </Link>
  );
}

/**
 * /commissioning/point-health: every controller the user sees against the categories of its latest sweep (counts sortable,
 * each leading to the findings), a sweep to start per controller, the recent sweeps and the groups' daily sweeps.
 * `?syrx_controller_id=` (the link of a controller's page) shows that controller alone.
 */
export function FleetScreen() {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const only = search.get('syrx_controller_id');
  const fleet = useFleet();
  const start = useStartSweep();
  const rows = fleet.data?.filter((r) => only === null || r.syrx_controller_id === only);

  const sweep = (controllerId: string) =>
    start.mutate({ syrx_controller_id: controllerId }, { onSuccess: (s) => void navigate(sweepPath(s.id)) });

  const columns: TableColumnsType<FleetRow> = [
    { title: 'Controller', dataIndex: 'syrx_controller_name', sorter: (a, b) => a.syrx_controller_name.localeCompare(b.syrx_controller_name), width: 200 },
    { title: 'Group', dataIndex: 'group_name', sorter: (a, b) => (a.group_name ?? '').localeCompare(b.group_name ?? ''), width: 160 },
    {
      title: 'Last sweep', key: 'swept_at', width: 170, sorter: (a, b) => (a.swept_at ?? '').localeCompare(b.swept_at ?? ''),
      render: (_, r) => (r.sweep_id === null ? 'Never' : <Link to={sweepPath(r.sweep_id, { controller: r.syrx_controller_id })}>{formatOptionalDateTime(r.swept_at)}</Link>),
    },
    ...pointHealthCategories.map((category): TableColumnsType<FleetRow>[number] => ({
      // 120: "Unreachable" and its sort arrows on one line.
      title: pointHealthCategoryLabels[category], key: category, align: 'right', width: 120,
      sorter: (a, b) => countOf(a, category) - countOf(b, category), sortDirections: ['descend', 'ascend'],
      render: (_, r) => <CountCell row={r} category={category} />,
    })),
    {
      title: '', key: 'sweep', width: 120,
      render: (_, r) => (
        <Button size="small" loading={start.isPending && start.variables.syrx_controller_id === r.syrx_controller_id} onClick={() => sweep(r.syrx_controller_id)}
          aria-label={`Start a sweep of ${r.syrx_controller_name}`}>
          Start sweep
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>Point health</Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        What is overridden, out of service, faulty, in alarm, stale or unreachable, by controller, from each one&apos;s latest sweep.
      </Typography.Paragraph>
      {only !== null && (
        <Alert type="info" showIcon title="One controller" action={<Button size="small" onClick={() => setSearch({})}>Show every controller</Button>} />
      )}
      {fleet.error && <Alert type="error" showIcon role="alert" title="The controllers could not be loaded" description={fleet.error.message} />}
      {start.error && <Alert type="error" showIcon role="alert" title="The sweep could not be started" description={start.error.message} />}
      <Table<FleetRow>
        aria-label="Point health by controller"
        rowKey="syrx_controller_id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={fleet.isPending}
        pagination={(rows?.length ?? 0) > 50 ? { pageSize: 50 } : false}
        locale={{ emptyText: 'No controllers' }}
        tableLayout="fixed"
        scroll={{ x: gridMinWidth(columns as TableColumnsType<never>) }}
      />
      <RecentSweeps />
      <ScheduledSweeps />
    </Flex>
  );
}
