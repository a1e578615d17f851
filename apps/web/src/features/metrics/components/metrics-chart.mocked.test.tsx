import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MetricsBucket } from '@syrx/contracts/metrics';
import { serviceIds } from '@syrx/contracts/services';
import { type RecordedCall, installFakeApi } from '../../../testing/fake-api';
import { adminUser, controllerId, fakeControllerServer } from '../../../testing/fake-controllers';
import { fakeOperationsServer } from '../../../testing/fake-operations';
import { renderApp } from '../../../testing/render-app';
import { localDatePart } from '../../../lib/time-range';
import type { MetricPlotProps } from './metric-plot';

vi.setConfig({ testTimeout: 20_000 });

// jsdom has no canvas: the uPlot canvas is replaced by a stand-in that shows its lines and values.
vi.mock('./metric-plot', () => ({
  MetricPlot: ({ series, metric }: MetricPlotProps) => (
    <div data-testid="metrics-plot" data-metric={metric}>
      {series.lines.map((l) => `${l.name}: ${l.values.join(' ')}`).join(' | ')}
    </div>
  ),
}));

const agg = (v: number) => ({ avg: v, min: v - 1, max: v + 1 });
const bucket = (second: number, groups: Record<string, number>): MetricsBucket => ({
  date: new Date(Date.UTC(2025, 2, 7, 14, 0, second)).toISOString(),
  groups: Object.entries(groups).map(([group_name, v]) => ({ group_name, aggregates: { cpu_percent: agg(v), mem_percent: agg(v * 10), mem: agg(v * 1000) } })),
});
const metricsCalls = (calls: RecordedCall[]) => calls.filter((c) => /\/metrics\?/.test(c.path)).map((c) => new URLSearchParams(c.path.split('?')[1]));

function open() {
  const operations = fakeOperationsServer();
  operations.state.buckets = [bucket(0, { overall: 4 }), bucket(15, { overall: 5 })];
  operations.state.groups = ['node', 'postgres', 'rabbitmq', 'sshd', 'syrx-agent', 'systemd'];
  const api = installFakeApi({ user: adminUser, handlers: [operations.handler, fakeControllerServer().handler] });
  return { ...renderApp(`/admin/syrx-controllers/${controllerId}/services/${serviceIds.diagnostic}`), api, operations };
}

describe('metrics chart', () => {
  it('charts the overall memory % averaged over 15 s for the last hour by default', async () => {
    const { api } = open();
    expect(await screen.findByText('Metrics', {}, { timeout: 8000 })).toBeInTheDocument();
    const plot = await screen.findByTestId('metrics-plot', {}, { timeout: 8000 });
    expect(plot).toHaveTextContent('overall: 40 50');
    expect(plot).toHaveAttribute('data-metric', 'mem_percent');
    const q = metricsCalls(api.calls)[0];
    expect([q?.get('groupType'), q?.get('resolution'), q?.get('groups')]).toEqual(['overall', '15s', null]);
    expect(Date.parse(q?.get('endDate') ?? '') - Date.parse(q?.get('startDate') ?? '')).toBe(3_600_000);
    expect(screen.queryByRole('combobox', { name: 'Groups' })).not.toBeInTheDocument();
  });

  it('switches metric, aggregation and data set, charting the first five groups of a set', async () => {
    const { api, user, operations } = open();
    await screen.findByTestId('metrics-plot', {}, { timeout: 8000 });

    await user.click(screen.getByRole('combobox', { name: 'Metric' }));
    await user.click(await screen.findByTitle('Memory (KB)'));
    await user.click(screen.getByRole('combobox', { name: 'Aggregation' }));
    await user.click(await screen.findByTitle('Maximum'));
    expect(screen.getByTestId('metrics-plot')).toHaveTextContent('overall: 4001 5001');

    operations.state.buckets = [bucket(0, { node: 2, postgres: 3 })];
    await user.click(screen.getByRole('combobox', { name: 'Data set' }));
    await user.click(await screen.findByTitle('Process'));
    await waitFor(() => expect(metricsCalls(api.calls).at(-1)?.get('groups')).toBe('node,postgres,rabbitmq,sshd,syrx-agent'));
    expect(metricsCalls(api.calls).at(-1)?.get('groupType')).toBe('process');
    await waitFor(() => expect(screen.getByTestId('metrics-plot')).toHaveTextContent('node: 2001 | postgres: 3001 | rabbitmq: | sshd: | syrx-agent:'));
  });

  it('says when there are no metrics in the range', async () => {
    const { operations } = open();
    operations.state.buckets = [];
    expect(await screen.findByText('No metrics in this range', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('charts a week at the finest resolution that fits and says so beside the selector; a choice too fine names the finest that fits', async () => {
    const { api, user } = open();
    await screen.findByTestId('metrics-plot', {}, { timeout: 8000 });
    expect(screen.queryByTestId('resolution-note')).not.toBeInTheDocument();
    const range = screen.getByRole('group', { name: 'Metrics range' });
    const start = within(range).getByLabelText('Start date');
    // A week before the start's own day (the start keeps its time of day): near midnight "today − 7" would be a day short.
    const weekBefore = new Date(`${(start as HTMLInputElement).value}T12:00:00`);
    weekBefore.setDate(weekBefore.getDate() - 7);
    fireEvent.change(start, { target: { value: localDatePart(weekBefore) } });

    // A week is 40,320 points at 15 s: the chart takes 5m (2,016) and says so; the query is never refused.
    await waitFor(() => expect(metricsCalls(api.calls).at(-1)?.get('resolution')).toBe('5m'));
    expect(screen.getByTestId('resolution-note')).toHaveTextContent('5m: the finest resolution that fits this range');
    expect(screen.getByRole('combobox', { name: 'Resolution' }).closest('.ant-select')).toHaveTextContent('5m');
    expect(await screen.findByTestId('metrics-plot')).toBeInTheDocument();

    const asked = metricsCalls(api.calls).length;
    await user.click(screen.getByRole('combobox', { name: 'Resolution' }));
    await user.click(await screen.findByTitle('1m'));
    expect(await screen.findByRole('alert')).toHaveTextContent('1m is too fine for this range (at most 10,000 points): the finest resolution that fits is 5m.');
    expect(screen.queryByTestId('metrics-plot')).not.toBeInTheDocument();
    expect(metricsCalls(api.calls).slice(asked).map((q) => q.get('resolution'))).not.toContain('1m');

    await user.click(screen.getByRole('button', { name: 'Use 5m' }));
    expect(await screen.findByTestId('metrics-plot')).toBeInTheDocument();
    expect(screen.queryByTestId('resolution-note')).not.toBeInTheDocument();
  });
});
