import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type RecordedCall, installFakeApi } from '../../../testing/fake-api';
import { adminUser, fakeControllerServer } from '../../../testing/fake-controllers';
import { fakeDeviceServer, makePoint } from '../../../testing/fake-devices';
import { fakeRecordServer } from '../../../testing/fake-records';
import { renderApp } from '../../../testing/render-app';
import type { UPlotChartProps } from './uplot-chart';
import { openTreePath } from '../../../testing/user-steps';

vi.setConfig({ testTimeout: 20_000 });

// jsdom has no canvas: the uPlot canvas is replaced by a stand-in that shows what it was given.
vi.mock('./uplot-chart', () => ({
  UPlotChart: ({ chart, styles, window, onCursor }: UPlotChartProps) => (
    <div data-testid="chart" data-series={styles.map((s) => s.label).join('|')} data-times={chart.xs.length} data-window={window.join('-')}>
      <button type="button" onClick={() => onCursor(0)}>
        Hover the first time
      </button>
    </div>
  ),
}));

const link = '/point-reporting?syrxControllerBacnetPointIds=1%2CAHU+controller%2CEMS-1%2CZone+temp+1%2C2%2CAHU+controller%2CEMS-1%2CZone+temp+2&fromDate=03-07-2025&toDate=03-07-2025';

const objectGroups = (c: RecordedCall) =>
  c.path.startsWith('/api/bacnet-devices/4/bacnet-points/object-groups') ? { status: 200, body: [{ object_type: 0, object_type_name: 'OBJECT_ANALOG_INPUT', count: 3 }] } : undefined;

function servers(records: Parameters<typeof fakeRecordServer>[0] = []) {
  const devices = fakeDeviceServer([objectGroups]);
  devices.state.points = [makePoint(1), makePoint(2), makePoint(3)];
  const recordServer = fakeRecordServer(records);
  recordServer.state.records = [
    { bacnet_point_id: 1, timestamp: '2025-03-07T10:00:00Z', value: 72.30000305175781 },
    { bacnet_point_id: 2, timestamp: '2025-03-07T10:00:30Z', value: 68 },
    { bacnet_point_id: 1, timestamp: '2025-03-07T22:01:00Z', value: 73.5 },
    { bacnet_point_id: 1, timestamp: '2025-03-08T00:00:00Z', value: 99 },
  ];
  return { handlers: [recordServer.handler, devices.handler, fakeControllerServer().handler], recordServer };
}

const seriesCall = (calls: RecordedCall[]) => calls.find((c) => c.path.startsWith('/api/v2/point-records/series'));

describe('point record browser', () => {
  it('opens from the point-reporting link: the points, a chart of the UTC days, the raw records and the CSV link', async () => {
    const api = installFakeApi({ user: adminUser, handlers: servers().handlers });
    const { user } = renderApp(link);

    const chart = await screen.findByTestId('chart', {}, { timeout: 8000 });
    expect(chart).toHaveAttribute('data-series', 'EMS-1 / Zone temp 1|EMS-1 / Zone temp 2');
    expect(chart).toHaveAttribute('data-times', '3');
    // It opens on the span of the records (10:00 am to 10:01 pm), not on the whole day.
    expect(chart).toHaveAttribute('data-window', `${Date.parse('2025-03-07T10:00:00Z') / 1000}-${Date.parse('2025-03-07T22:01:00Z') / 1000}`);
    expect(new URLSearchParams(seriesCall(api.calls)?.path.split('?')[1])).toEqual(
      new URLSearchParams({ bacnet_point_ids: '1,2', from: '2025-03-07T00:00:00.000Z', to: '2025-03-08T00:00:00.000Z', max_points: '1000' }),
    );
    expect(within(screen.getByRole('list', { name: 'Chosen points' })).getAllByRole('listitem')).toHaveLength(2);

    const table = await screen.findByRole('table');
    expect(await within(table).findByText('03/07/2025 10:00:00 am')).toBeInTheDocument();
    const first = within(table).getByText('03/07/2025 10:00:00 am').closest('tr') as HTMLElement;
    expect(within(first).getByText('EMS-1 / Zone temp 1')).toBeInTheDocument();
    expect(within(first).getByText('72.3')).toBeInTheDocument();
    expect(within(table).getByText('03/07/2025 10:01:00 pm')).toBeInTheDocument();
    expect(screen.getByText('1-3 of 3 records')).toBeInTheDocument();

    const legend = screen.getByRole('group', { name: 'Chart legend' });
    expect(legend).toHaveTextContent('Last values, 03/07/2025 10:01:00 pm UTC');
    expect(legend).toHaveTextContent('EMS-1 / Zone temp 1:73.5');
    await user.click(screen.getByRole('button', { name: 'Hover the first time' }));
    expect(legend).toHaveTextContent('03/07/2025 10:00:00 am UTC');
    expect(legend).toHaveTextContent('EMS-1 / Zone temp 2:—');
    expect(screen.getByText('Every record')).toBeInTheDocument();

    const csv = screen.getByRole('link', { name: /Export CSV/ });
    expect(csv).toHaveAttribute('href', '/api/v2/point-records.csv?bacnet_point_ids=1%2C2&from=2025-03-07T00%3A00%3A00.000Z&to=2025-03-08T00%3A00%3A00.000Z');
    expect(csv).toHaveAttribute('download', 'point-records-03-07-2025-to-03-07-2025.csv');
  });

  it('keeps the address in step when the days change and a point is removed', async () => {
    installFakeApi({ user: adminUser, handlers: servers().handlers });
    const { user, location } = renderApp(link);
    await screen.findByTestId('chart', {}, { timeout: 8000 });

    fireEvent.change(screen.getByLabelText('First day (UTC)'), { target: { value: '2025-03-01' } });
    await waitFor(() => expect(new URLSearchParams(location().split('?')[1]).get('fromDate')).toBe('03-01-2025'));
    expect(new URLSearchParams(location().split('?')[1]).get('toDate')).toBe('03-07-2025');
    // A last day before the first moves the first along.
    fireEvent.change(screen.getByLabelText('Last day (UTC)'), { target: { value: '2025-02-27' } });
    await waitFor(() => expect(new URLSearchParams(location().split('?')[1]).get('fromDate')).toBe('02-27-2025'));

    await user.click(screen.getByLabelText('Remove EMS-1 / Zone temp 1'));
    await waitFor(() => expect(new URLSearchParams(location().split('?')[1]).get('syrxControllerBacnetPointIds')).toBe('2,AHU controller,EMS-1,Zone temp 2'));
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(location()).not.toContain('fromDate=02-27-2025'));
  });

  it('says when the range holds no records, and shows the server\'s message when a call fails', async () => {
    const refuse = (c: RecordedCall) => (c.path.startsWith('/api/v2/point-records/series') ? { status: 400, body: { code: 'bad_request', message: 'At most 50 points at once' } } : undefined);
    installFakeApi({ user: adminUser, handlers: servers([refuse]).handlers });
    renderApp(link.replace(/03-07-2025/g, '01-01-2025'));

    expect(await screen.findByText('At most 50 points at once', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findAllByText('No records in this range')).not.toHaveLength(0);
  });

  it('draws downsampled series with their resolution, and asks for points when there are none', async () => {
    const { handlers, recordServer } = servers();
    recordServer.state.series = { resolution_seconds: 900, series: [{ bacnet_point_id: 1, points: [{ t: '2025-03-07T10:00:00Z', avg: 72, min: 70, max: 74, n: 15 }] }] };
    installFakeApi({ user: adminUser, handlers });
    const { user } = renderApp(link);

    expect(await screen.findByText('Averaged over 15 minutes; the band shows the minimum to maximum', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Chart legend' })).toHaveTextContent('EMS-1 / Zone temp 1:72 (70 – 74)');
    await user.click(screen.getByRole('button', { name: 'Remove all' }));
    expect(await screen.findAllByText(/No points chosen yet/)).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeDisabled();
  });
});

describe('adding points', () => {
  it('adds a point picked in the tree of the controller of the points shown, and refuses one already shown', async () => {
    installFakeApi({ user: adminUser, handlers: servers().handlers });
    const { user, location } = renderApp(link);

    expect(await screen.findByRole('combobox', { name: 'Syrx controller' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('Acme Buildings - AHU controller')).toBeInTheDocument();
    const tree = await screen.findByRole('tree', {}, { timeout: 8000 });
    await openTreePath(user, tree, ['EMS-1 (1501)', 'OBJECT_ANALOG_INPUT (3)']);
    await user.click(await within(tree).findByText('OBJECT_ANALOG_INPUT:3 Zone temp 3'));
    await waitFor(() => expect(new URLSearchParams(location().split('?')[1]).get('syrxControllerBacnetPointIds')).toMatch(/,3,AHU controller,EMS-1,Zone temp 3$/));
    expect(await within(screen.getByRole('list', { name: 'Chosen points' })).findByText('EMS-1 / Zone temp 3')).toBeInTheDocument();

    await user.click(within(tree).getByText('OBJECT_ANALOG_INPUT:1 Zone temp 1'));
    expect(await screen.findByText('EMS-1 / Zone temp 1 is already shown.')).toBeInTheDocument();
  });
});
