import { useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Spin, Typography } from 'antd';
import { metricDefaults, metricLineColours, metricResolutions, resolutionTooFine } from '@syrx/contracts/metrics';
import { TimeRangeFields } from '../../../components/time-range-fields';
import { type TimeRange, resolveRange } from '../../../lib/time-range';
import { useMetricGroups, useMetrics } from '../api/metrics';
import { resolutionFit } from '../utils/resolution-fit';
import { isEmptySeries, metricSeries } from '../utils/metric-series';
import { MetricPlot } from './metric-plot';
import { type MetricChoices, MetricSettings } from './metric-settings';

const recent = { kind: 'recent', minutes: 60 } as const;
const spinner = (what: string) => <Spin aria-label={`Loading ${what}`} style={{ display: 'block', padding: 48 }} />;

/**
 * "Metrics" on the diagnostic service's page: the controller's cpu and memory over a range, one line per group
 * (the machine overall, processes or systemd services) at the chosen resolution and aggregation.
 */
export function MetricsChart({ controllerId }: { controllerId: string }) {
  const [range, setRange] = useState<TimeRange>(recent);
  const [firstShown] = useState(() => resolveRange(range));
  const [choices, setChoices] = useState<MetricChoices>({ ...metricDefaults, resolution: null });
  // null until the user picks: the first groups there are, as many as there are line colours.
  const [chosen, setChosen] = useState<string[] | null>(null);
  const overall = choices.groupType === 'overall';
  const groups = useMetricGroups(controllerId, range, choices.groupType);
  const selected = useMemo(() => (overall ? [] : (chosen ?? (groups.data ?? []).slice(0, metricLineColours.length))), [overall, chosen, groups.data]);
  const fit = resolutionFit(range, choices.resolution);
  const { resolution } = fit;
  const metrics = useMetrics({ controllerId, range, groupType: choices.groupType, groups: selected, resolution }, fit.fits && (overall || selected.length > 0));
  const { metric, aggregation } = choices;
  const series = useMemo(
    () => (metrics.data ? metricSeries(metrics.data.buckets, overall ? null : selected, metric, aggregation, metricResolutions[resolution]) : null),
    [metrics.data, overall, selected, metric, aggregation, resolution],
  );
  const shown = metrics.data?.range ?? (range.kind === 'fixed' ? resolveRange(range) : firstShown);

  const body = (() => {
    if (!overall) {
      if (groups.isError) return <Alert type="error" showIcon role="alert" title="The groups could not be loaded" description={groups.error.message} />;
      if (groups.isPending) return spinner('the groups');
      if (groups.data.length === 0) return <Empty description="No groups have samples in this range" />;
      if (selected.length === 0) return <Empty description={`Choose up to ${metricLineColours.length} groups to chart`} />;
    }
    if (!fit.fits) {
      const use = <Button size="small" onClick={() => setChoices({ ...choices, resolution: fit.finest })}>Use {fit.finest}</Button>;
      return <Alert type="warning" showIcon role="alert" title={`${resolutionTooFine(resolution, fit.finest)}.`} action={use} />;
    }
    if (metrics.isError) return <Alert type="error" showIcon role="alert" title="The metrics could not be loaded" description={metrics.error.message} />;
    if (!series) return spinner('the metrics');
    if (isEmptySeries(series)) return <Empty description="No metrics in this range" />;
    return <MetricPlot series={series} metric={metric} />;
  })();

  const settings = {
    choices,
    resolution: { shown: resolution, note: fit.note },
    onChange: (next: MetricChoices) => {
      if (next.groupType !== choices.groupType) setChosen(null);
      setChoices(next);
    },
    groups: overall ? null : { names: groups.data ?? [], chosen: selected, loading: groups.isFetching, onChange: setChosen },
  };
  return (
    <Card size="small" title="Metrics" extra={metrics.isFetching && series ? <Typography.Text type="secondary">Refreshing…</Typography.Text> : null}>
      <Flex vertical gap={12}>
        <TimeRangeFields label="Metrics range" range={range} shown={shown} recent={recent} recentLabel="Last hour" onChange={setRange} />
        <MetricSettings {...settings} />
        {body}
      </Flex>
    </Card>
  );
}
