import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { serviceIds } from '@syrx/contracts/services';
import { formatDateTime } from '../../../lib/date-format';
import { type RecordedCall, installFakeApi } from '../../../testing/fake-api';
import { adminUser, controllerId, fakeControllerServer } from '../../../testing/fake-controllers';
import { fakeDeviceServer, makePoint } from '../../../testing/fake-devices';
import { fakeRecordServer } from '../../../testing/fake-records';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 20_000 });

// jsdom has no canvas: the record browser's uPlot canvas is replaced by a stand-in naming its series.
vi.mock('../../point-records/components/uplot-chart', () => ({
  UPlotChart: ({ styles }: { styles: { label: string }[] }) => <div data-testid="chart">{styles.map((s) => s.label).join(', ')}</div>,
}));

const servicePath = `/api/SyrxControllers/${controllerId}/enabled-services/${serviceIds.reporting}`;
const reportingService = (c: RecordedCall) =>
  c.method === 'GET' && c.path === servicePath
    ? {
        status: 200,
        body: {
          syrx_controller_id: controllerId, service_id: serviceIds.reporting, assigned_version: '*', reported_version: '1.0.0', last_contact: '2025-03-07T14:05:09Z',
          diagnostics: { buffer_depth: 42, oldest_unsent: null, cov_subscriptions: 3, polled_points: 5 },
        },
      }
    : undefined;

describe('reporting service page', () => {
  it('shows the points selected for reporting with their records, the diagnostics, and links them to point reporting', async () => {
    const devices = fakeDeviceServer();
    devices.state.points = [
      makePoint(1, { reporting_is_selected_for_reporting: true, reporting_latest_value: 72.30000305175781, reporting_latest_record_date: '2025-03-07T14:05:09Z', reporting_earliest_record_date: '2025-03-01T00:00:00Z' }),
    ];
    const records = fakeRecordServer();
    records.state.records = [{ bacnet_point_id: 1, timestamp: new Date().toISOString(), value: 72.3 }];
    const api = installFakeApi({ user: adminUser, handlers: [reportingService, records.handler, devices.handler, fakeControllerServer().handler] });
    const { user, location } = renderApp(`/admin/syrx-controllers/${controllerId}/services/${serviceIds.reporting}`);

    expect(await screen.findByText('Records waiting to be sent', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(screen.getByText('None (everything was sent)')).toBeInTheDocument();
    expect(screen.getByText('COV subscriptions')).toBeInTheDocument();

    const row = (await screen.findByText('Zone temp 1', {}, { timeout: 8000 })).closest('.ant-table-row') as HTMLElement;
    expect(within(row).getByText('72.3')).toBeInTheDocument();
    expect(screen.getAllByText('Earliest record').length).toBeGreaterThan(0);
    expect(within(row).getByText(formatDateTime('2025-03-01T00:00:00Z'))).toBeInTheDocument();
    const pointsCall = api.calls.find((c) => c.path.startsWith(`/api/SyrxControllers/${controllerId}/bacnet-points?`));
    const query = new URLSearchParams(pointsCall?.path.split('?')[1]);
    expect([query.get('filters[0][field]'), query.get('filters[0][operator]'), query.get('filters[0][value]')]).toEqual(['reporting_is_selected_for_reporting', 'eq', 'true']);

    await user.click(row.querySelector('.ant-table-selection-column input') as HTMLElement);
    await user.click(await screen.findByText('Point reporting for 1 selected point'));
    await waitFor(() => expect(location()).toMatch(/^\/point-reporting\?syrxControllerBacnetPointIds=1%2CAHU\+controller%2CEMS-1%2CZone\+temp\+1$/));
    expect(await screen.findByTestId('chart', {}, { timeout: 8000 })).toHaveTextContent('EMS-1 / Zone temp 1');
    expect(await screen.findByText('1-1 of 1 records')).toBeInTheDocument();
  });
});
