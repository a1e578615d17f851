import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { type RecordedCall, adaUser, installFakeApi } from '../../../testing/fake-api';
import { fakeControllerServer } from '../../../testing/fake-controllers';
import { demoPoints, fakeJobsServer } from '../../../testing/fake-jobs';
import { fakePointDataServer } from '../../../testing/fake-point-data';
import { renderApp } from '../../../testing/render-app';
import type { UPlotChartProps } from './uplot-chart';
import { openTreePath } from '../../../testing/user-steps';

vi.setConfig({ testTimeout: 20_000 });

// jsdom has no canvas: the uPlot canvas is replaced by a stand-in that shows what it was given.
vi.mock('./uplot-chart', () => ({
  UPlotChart: ({ chart, styles }: UPlotChartProps) => <div data-testid="chart" data-series={styles.map((s) => s.label).join('|')} data-times={chart.xs.length} />,
}));

const reader = { ...adaUser, permissions: ['vendor_data_view' as const, 'group_data_view' as const] };
const summary = { unit: null, earliest: '2025-03-07T10:00:00Z', latest: '2025-03-07T10:15:00Z', latest_value: 21, count: 2 };

function servers() {
  const data = fakePointDataServer();
  data.state.points = [
    { kind: 'vendor', point_id: 3, path: ['JCI', 'VAV-3', 'ZN-T'], ...summary },
    { kind: 'vendor', point_id: 1, path: ['invensys', 'AHU-1', 'SAT', 'PV'], ...summary },
    { kind: 'group', point_id: 9, path: ['Acme Buildings', 'Main meter'], ...summary, unit: 'kW' },
  ];
  data.state.records = [
    { kind: 'vendor', point_id: 3, timestamp: '2025-03-07T10:00:00Z', value: 20.5 },
    { kind: 'vendor', point_id: 3, timestamp: '2025-03-07T10:15:00Z', value: 21 },
    { kind: 'group', point_id: 9, timestamp: '2025-03-07T10:00:00Z', value: 120 },
  ];
  data.state.groupPoints = [{ id: 9, group_id: 2, name: 'Main meter', unit: 'kW', description: '', record_count: 1, earliest_record_date: null, latest_record_date: null }];
  const jobs = fakeJobsServer();
  demoPoints(jobs.state);
  return [data.handler, jobs.handler, fakeControllerServer().handler];
}

const params = (location: string) => new URLSearchParams(location.split('?')[1]);
const callTo = (calls: RecordedCall[], path: string) => calls.find((c) => c.path.startsWith(path));

describe('the point record browser of vendor, PCS and group points', () => {
  it('opens on the kind the address names, with the points\' names from the server, their chart, records and CSV', async () => {
    const api = installFakeApi({ user: reader, handlers: servers() });
    const { user, location } = renderApp('/point-reporting?kind=vendor&ids=3&fromDate=03-07-2025&toDate=03-07-2025');

    expect(await screen.findByRole('heading', { name: 'Vendor point records' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Vendor points' })).toHaveAttribute('aria-selected', 'true');
    // A tab for each kind this user may read (vendor_data_view reads vendor and PCS points).
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Syrx controller points', 'Vendor points', 'PCS points', 'Group points']);
    expect(await screen.findByTestId('chart')).toHaveAttribute('data-series', 'VAV-3 / ZN-T');
    expect(params(callTo(api.calls, '/api/v2/vendor-point-records/series')?.path ?? '')).toEqual(
      new URLSearchParams({ point_ids: '3', from: '2025-03-07T00:00:00.000Z', to: '2025-03-08T00:00:00.000Z', max_points: '1000' }),
    );
    expect(await within(await screen.findByRole('table')).findByText('03/07/2025 10:15:00 am')).toBeInTheDocument();
    const csv = screen.getByRole('link', { name: /Export CSV/ });
    expect(csv.getAttribute('href')).toMatch(/^\/api\/v2\/vendor-point-records\.csv\?point_ids=3&/);
    expect(csv).toHaveAttribute('download', 'vendor-point-records-03-07-2025-to-03-07-2025.csv');

    // A point picked in the vendor tree joins the address.
    const tree = await screen.findByRole('tree', { name: 'Vendor points' }, { timeout: 8000 });
    await openTreePath(user, tree, ['invensys', 'AHU-1', 'SAT']);
    await user.click(await within(tree).findByText(/^PV/, {}, { timeout: 8000 }));
    await waitFor(() => expect(params(location()).get('ids')).toBe('3,1'));
    expect(await within(screen.getByRole('list', { name: 'Chosen points' })).findByText('SAT / PV')).toBeInTheDocument();

    // Another tab is another kind, its points chosen afresh.
    await user.click(screen.getByRole('tab', { name: 'PCS points' }));
    await waitFor(() => expect(params(location()).get('kind')).toBe('pcs'));
    expect(params(location()).get('ids')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'PCS point records' })).toBeInTheDocument();
  });

  it('picks a group point from the current group\'s list', async () => {
    const api = installFakeApi({ user: { ...adaUser, permissions: ['group_data_view'] }, handlers: servers() });
    const { user, location } = renderApp('/point-reporting?kind=group&fromDate=03-07-2025&toDate=03-07-2025');
    expect(screen.queryByRole('tab', { name: 'Vendor points' })).not.toBeInTheDocument();
    await user.click(await screen.findByText('Main meter', {}, { timeout: 8000 }));
    await waitFor(() => expect(params(location()).get('ids')).toBe('9'));
    expect(await screen.findByTestId('chart')).toHaveAttribute('data-series', 'Main meter');
    expect(callTo(api.calls, '/api/v2/groups/2/group-points')).toBeDefined();
  });
});
