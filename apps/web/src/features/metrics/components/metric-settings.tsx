import { Flex, Select, Typography } from 'antd';
import {
  type MetricGroupType, type MetricName, type MetricResolution, metricAggregations, metricGroupTypes, metricLineColours, metricNames, metricResolutions,
} from '@syrx/contracts/metrics';
import type { MetricAggregation } from '../utils/metric-series';

export interface MetricChoices {
  groupType: MetricGroupType;
  /** null until the user picks one: the default (15s), or the finest that fits the range when 15s does not. */
  resolution: MetricResolution | null;
  metric: MetricName;
  aggregation: MetricAggregation;
}

const groupTypeLabels: Record<MetricGroupType, string> = { overall: 'Overall', process: 'Process', systemd_service: 'systemd service' };
const metricLabels: Record<MetricName, string> = { cpu_percent: 'CPU %', mem_percent: 'Memory %', mem: 'Memory (KB)' };
const aggregationLabels: Record<MetricAggregation, string> = { avg: 'Average', min: 'Minimum', max: 'Maximum' };

function Setting<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: { value: T; label: string }[]; onChange: (v: T) => void }) {
  return (
    <Flex gap={6} align="center">
      <span>{label}</span>
      <Select<T> aria-label={label} value={value} options={options} onChange={onChange} style={{ minWidth: 130 }} />
    </Flex>
  );
}

interface MetricSettingsProps {
  choices: MetricChoices;
  /** The resolution the chart is drawn at (the choice, or the one taken for the user), and why, beside the selector. */
  resolution: { shown: MetricResolution; note?: string | undefined };
  onChange: (choices: MetricChoices) => void;
  /** The groups there are in the range (null for overall), the chosen ones and whether they load. */
  groups: { names: readonly string[]; chosen: readonly string[]; loading: boolean; onChange: (chosen: string[]) => void } | null;
}

/** Data set, resolution, metric, aggregation and (unless overall) up to five groups, one line colour each. */
export function MetricSettings({ choices, resolution, onChange, groups }: MetricSettingsProps) {
  const set = <K extends keyof MetricChoices>(key: K) => (value: MetricChoices[K]) => onChange({ ...choices, [key]: value });
  return (
    <Flex gap={16} align="center" wrap>
      <Setting label="Data set" value={choices.groupType} onChange={set('groupType')} options={metricGroupTypes.map((t) => ({ value: t, label: groupTypeLabels[t] }))} />
      <Flex gap={6} align="center">
        <Setting label="Resolution" value={resolution.shown} onChange={set('resolution')} options={(Object.keys(metricResolutions) as MetricResolution[]).map((r) => ({ value: r, label: r }))} />
        {resolution.note && <Typography.Text type="secondary" data-testid="resolution-note">{resolution.note}</Typography.Text>}
      </Flex>
      <Setting label="Metric" value={choices.metric} onChange={set('metric')} options={metricNames.map((m) => ({ value: m, label: metricLabels[m] }))} />
      <Setting label="Aggregation" value={choices.aggregation} onChange={set('aggregation')} options={metricAggregations.map((a) => ({ value: a, label: aggregationLabels[a] }))} />
      {groups && (
        <Flex gap={6} align="center" style={{ flex: '1 1 360px' }}>
          <span>Groups</span>
          <Select<string[]>
            mode="multiple"
            aria-label="Groups"
            style={{ flex: 1 }}
            maxCount={metricLineColours.length}
            loading={groups.loading}
            value={[...groups.chosen]}
            onChange={groups.onChange}
            placeholder={`Choose up to ${metricLineColours.length} groups`}
            notFoundContent={groups.loading ? 'Loading…' : 'No groups have samples in this range'}
            options={groups.names.map((n) => ({ value: n, label: n }))}
          />
        </Flex>
      )}
    </Flex>
  );
}
