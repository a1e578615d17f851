import { Alert, Button, Descriptions, Flex, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type FindingsFilter, pointHealthCategories, pointHealthCategoryLabels, type PointHealthSweep } from '@syrx/contracts/point-health';
import { JobProgress, JobStatusTag } from '../../../components/job-status-tag';
import { formatOptionalDateTime } from '../../../lib/date-format';
import { findingsCsvUrl, useStartSweep, useSweep } from '../api/point-health';
import { categoryOf, changeOf, pointHealthPath, scopeLabel, sweepPath } from '../utils/point-health-format';
import { type FindingActions, FindingsGrid } from './findings-grid';

const all = 'all';

/** The comparison with the previous sweep of the same scope, each number filtering the grid. */
function Comparison({ sweep, filter }: { sweep: PointHealthSweep; filter: FindingsFilter }) {
  const c = sweep.comparison;
  if (!c) return <Typography.Text type="secondary">{sweep.status === 'succeeded' ? 'The first sweep of its scope: nothing to compare with.' : ''}</Typography.Text>;
  const link = (change: 'new' | 'resolved' | 'unchanged', n: number) => (
    <Link to={sweepPath(sweep.id, { category: filter.category, controller: filter.syrx_controller_id, change: filter.change === change ? undefined : change })}>
      {n} {change}
    </Link>
  );
  return (
    <Space size="small" wrap>
      <span>Against <Link to={sweepPath(c.previous_sweep_id)}>sweep #{c.previous_sweep_id}</Link>:</span>
      {link('new', c.new)}
      {link('resolved', c.resolved)}
      {link('unchanged', c.unchanged)}
    </Space>
  );
}

/**
 * /commissioning/point-health/sweeps/{id}: the sweep's status and counts per category (each a filter of the grid, as
 * `?category=`), its comparison with the previous sweep of the scope, and its findings (value, flags, the priority slot
 * holding it; overrides relinquished from here), also as CSV; `findingActions`: what the page offers for selected findings.
 */
export function SweepScreen({ id, findingActions }: { id: number; findingActions?: FindingActions }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const filter: FindingsFilter = {
    category: categoryOf(search.get('category')),
    syrx_controller_id: search.get('syrx_controller_id') ?? undefined,
    change: changeOf(search.get('change')),
  };
  const sweep = useSweep(id);
  const again = useStartSweep();

  if (sweep.isPending) return <Spin aria-label="Loading" />;
  if (sweep.isError) return <Alert type="error" showIcon role="alert" title="The sweep could not be loaded" description={sweep.error.message} />;
  const s = sweep.data;
  const total = pointHealthCategories.reduce((n, c) => n + s.counts[c], 0);
  const to = (over: Partial<FindingsFilter>) => {
    const next = { ...filter, ...over };
    return sweepPath(id, { category: next.category, controller: next.syrx_controller_id, change: next.change });
  };
  const sweepAgain = () =>
    again.mutate(s.scope === 'controller' ? { syrx_controller_id: s.syrx_controller_id ?? '' } : { group_id: s.group_id ?? 0 }, { onSuccess: (n) => void navigate(sweepPath(n.id)) });

  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={12} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>Sweep #{s.id}: {scopeLabel(s)}</Typography.Title>
        <JobStatusTag status={s.status} />
        <span style={{ flex: 1 }} />
        <Link to={pointHealthPath}>All controllers</Link>
        <Button icon={<ReloadOutlined />} loading={again.isPending} onClick={sweepAgain}>Sweep again</Button>
        <Button icon={<DownloadOutlined />} href={findingsCsvUrl(id, filter)}>CSV</Button>
      </Flex>
      {again.error && <Alert type="error" showIcon role="alert" title="The sweep could not be started" description={again.error.message} />}
      {s.error_message && <Alert type="error" showIcon role="alert" title="The sweep failed" description={s.error_message} />}
      <Descriptions size="small" column={{ xs: 1, md: 3 }} items={[
        { key: 'progress', label: 'Progress', children: <JobProgress status={s.status} progress={s.progress} /> },
        { key: 'started', label: 'Started', children: `${formatOptionalDateTime(s.started_at ?? s.created_at)}${s.username ? ` by ${s.username}` : ''}` },
        { key: 'finished', label: 'Finished', children: formatOptionalDateTime(s.finished_at) || '–' },
        { key: 'read', label: 'Read', children: `${s.point_count} points of ${s.device_count} devices, ${s.controller_count} controller${s.controller_count === 1 ? '' : 's'}` },
        { key: 'overrides', label: 'Overrides', children: `priority ${s.operator_priorities.join(', ')}${s.program_priorities ? `; programs write at ${s.program_priorities.join(', ')}` : ''}` },
        { key: 'comparison', label: 'Comparison', children: <Comparison sweep={s} filter={filter} /> },
      ]} />
      <Segmented
        aria-label="Category"
        value={filter.category ?? all}
        onChange={(v) => void navigate(to({ category: categoryOf(String(v)) }))}
        options={[
          { value: all, label: `All (${total})` },
          ...pointHealthCategories.map((c) => ({ value: c, label: `${pointHealthCategoryLabels[c]} (${s.counts[c]})` })),
        ]}
      />
      {(filter.syrx_controller_id || filter.change) && (
        <Space wrap>
          {filter.syrx_controller_id && <Tag closable onClose={() => void navigate(to({ syrx_controller_id: undefined }))}>One controller</Tag>}
          {filter.change && <Tag closable onClose={() => void navigate(to({ change: undefined }))}>{filter.change}</Tag>}
        </Space>
      )}
      <FindingsGrid key={`${filter.category ?? all}-${filter.syrx_controller_id ?? ''}-${filter.change ?? ''}`} sweep={s} filter={filter} actions={findingActions} />
    </Flex>
  );
}
