import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { type RecordedCall, installFakeApi } from '../../../testing/fake-api';
import { adminUser, controllerId, fakeControllerServer } from '../../../testing/fake-controllers';
import { fakeDeviceServer, makePoint } from '../../../testing/fake-devices';
import { renderApp } from '../../../testing/render-app';
import { reportingOffMessage } from './reporting-service-off';

vi.setConfig({ testTimeout: 20_000 });

const area = `/admin/syrx-controllers/${controllerId}`;

function serverWithPoints(overrides: Parameters<typeof fakeDeviceServer>[0] = []) {
  const server = fakeDeviceServer(overrides);
  server.state.points = [makePoint(1), makePoint(2, { name: 'Zone temp, north' })];
  return server;
}

describe('points grid', () => {
  it('selects a point for reporting at once and puts it back with a message when the server refuses', async () => {
    let refuse = false;
    const refusal = (c: RecordedCall) => (c.method === 'PATCH' && refuse ? { status: 500, body: { code: 'internal', message: 'Something went wrong.' } } : undefined);
    const fake = installFakeApi({ user: adminUser, handlers: [serverWithPoints([refusal]).handler, fakeControllerServer().handler] });
    const { user } = renderApp(`${area}/devices/4/points`);

    // Role queries are slow on a page this size in jsdom; the checkbox is found by its label.
    const box = await screen.findByLabelText('Select OBJECT_ANALOG_INPUT:1 for reporting', {}, { timeout: 8000 });
    await user.click(box);
    expect(box).toBeChecked();
    expect(fake.calls.find((c) => c.method === 'PATCH')).toMatchObject({ path: `/api/SyrxControllers/${controllerId}/reporting-points/1`, body: { is_selected_for_reporting: true } });

    refuse = true;
    await user.click(box);
    expect(await screen.findByText('The reporting selection of Zone temp 1 could not be saved: Something went wrong.')).toBeInTheDocument();
    await waitFor(() => expect(box).toBeChecked());
    // Dates and unavailable points show by default (spec 01 section 9).
    expect(screen.getAllByText('Last seen', { selector: '.ant-table-column-title' }).length).toBeGreaterThan(0);
    expect(fake.calls.find((c) => c.path.startsWith('/api/bacnet-devices/4/bacnet-points?'))?.path).toContain('showUnavailable=true');
  });

  it('links the selected rows to point reporting, on our own route without a legacy app', async () => {
    installFakeApi({ user: adminUser, handlers: [serverWithPoints().handler, fakeControllerServer().handler] });
    const { user } = renderApp(`${area}/points`);

    expect(await screen.findByText('Select points to open point reporting')).toBeInTheDocument();
    expect(screen.getAllByText('Device', { selector: '.ant-table-column-title' }).length).toBeGreaterThan(0);
    const row = (await screen.findByText('Zone temp, north', {}, { timeout: 8000 })).closest('.ant-table-row');
    await user.click(row?.querySelector('.ant-table-selection-column input') as HTMLInputElement);

    const link = await screen.findByText('Point reporting for 1 selected point');
    const href = link.getAttribute('href') ?? '';
    expect(href.startsWith('/point-reporting?')).toBe(true);
    expect(new URLSearchParams(href.split('?')[1]).get('syrxControllerBacnetPointIds')).toBe('2,AHU controller,EMS-1,Zone temp%2C north');
  });

  it('says when points are selected for reporting while the reporting service is off, and turns it on in one click', async () => {
    const controllers = fakeControllerServer();
    const fake = installFakeApi({ user: adminUser, handlers: [serverWithPoints().handler, controllers.handler] });
    const { user } = renderApp(`${area}/devices/4/points`);
    const box = await screen.findByLabelText('Select OBJECT_ANALOG_INPUT:1 for reporting', {}, { timeout: 8000 });
    expect(screen.queryByText(reportingOffMessage)).not.toBeInTheDocument();

    await user.click(box);
    expect(await screen.findByText(reportingOffMessage)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enable the reporting service' }));
    await waitFor(() => expect(screen.queryByText(reportingOffMessage)).not.toBeInTheDocument());
    expect(fake.calls.find((c) => c.method === 'PUT' && c.path === `/api/SyrxControllers/${controllerId}/enabled-services`)?.body).toEqual([
      { service_id: 'Syrx.UpdaterService', assigned_version: '>=1.0.0 <2.0.0-0' },
      { service_id: 'Syrx.Services.ReportingService', assigned_version: '>=1.0.0 <2.0.0-0' },
    ]);
    expect(controllers.state.enabled.map((e) => e.service_id)).toContain('Syrx.Services.ReportingService');
  });
});
