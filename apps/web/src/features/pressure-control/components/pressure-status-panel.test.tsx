import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { serviceIds } from '@syrx/contracts/services';
import { formatDateTime } from '../../../lib/date-format';
import { adaUser, installFakeApi } from '../../../testing/fake-api';
import { adminUser, controllerId, fakeControllerServer } from '../../../testing/fake-controllers';
import { makePoint } from '../../../testing/fake-devices';
import { fakePressureServer, unsavedConfiguration } from '../../../testing/fake-pressure';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 20_000 });

const page = `/admin/syrx-controllers/${controllerId}/services/${serviceIds.pressure}`;
const points = [makePoint(1, { name: 'Outside Air Temperature', syrx_controller_bacnet_device_name: 'WS-1' }), makePoint(2, { name: 'Lobby pressure' }), makePoint(3, { name: 'Pnorm' })];
const summary = (id: number) => {
  const p = points.find((x) => x.id === id) ?? points[0];
  return { syrx_controller_bacnet_point_id: id, syrx_controller_bacnet_point_name: p?.name ?? null, syrx_controller_bacnet_point_object_id: `OBJECT_ANALOG_INPUT:${id}`, syrx_controller_bacnet_device_name: p?.syrx_controller_bacnet_device_name ?? null, syrx_controller_bacnet_device_mac_address: '127.0.10.11:47808', units: null };
};
// getByRole computes styles for every element (slow with antd's injected CSS in jsdom): buttons are found by text.
const buttonIn = (el: HTMLElement, name: string) => within(el).getByText(name, { selector: 'button span' }).closest('button') as HTMLButtonElement;
const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

function configured() {
  const pressure = fakePressureServer(() => points);
  pressure.state.configuration = {
    ...unsavedConfiguration, saved: true, neutral_plane_height: 88, is_output_enabled: true, oat_syrx_controller_bacnet_point_id: 1, pnorm_output_syrx_controller_bacnet_point_id: 3,
    last_oat_date: '2025-03-07T14:05:09Z', last_oat_value: 31.250000476837158, last_pnorm_output_date: '2025-03-07T14:05:10Z', last_pnorm_output_value: -0.0123,
    last_pnorm_output_write_date: '2025-03-07T14:05:11Z', exception_date: '2025-03-07T13:00:00Z', exception_type: 'BacnetTimeout', exception_message: 'BPT-4 did not answer',
    exception_stack_trace: 'BacnetTimeout: BPT-4 did not answer\n    at readMultiple', oat_point: summary(1), pnorm_output_point: summary(3),
  };
  pressure.state.transmitters = [{
    id: 5, syrx_controller_id: controllerId, num: 1, name: 'Lobby', transmitter_height: 4, syrx_controller_bacnet_point_id: 2, last_value_date: '2025-03-07T14:05:09Z',
    last_pressure: 0.05, last_normalized_pressure: 0.0412, syrx_controller_bacnet_device_mac_address: '127.0.10.11:47808', syrx_controller_bacnet_point_object_id: 'OBJECT_ANALOG_INPUT:2',
    syrx_controller_bacnet_device_name: 'EMS-1', syrx_controller_bacnet_point_name: 'Lobby pressure',
  }];
  return pressure;
}

describe('pressure control status panel', () => {
  it('says the service is not configured yet, with the defaults and no transmitters', async () => {
    installFakeApi({ user: adminUser, handlers: [fakePressureServer(() => points).handler, fakeControllerServer().handler] });
    renderApp(page);
    expect(await screen.findByText('The building pressure control service is not configured yet.', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(row('Neutral plane height')).toHaveTextContent('Not set');
    expect(row('Indoor temperature')).toHaveTextContent('70 °F');
    expect(row('Interval')).toHaveTextContent('60 s');
    expect(row('Write priority')).toHaveTextContent('10');
    expect(row('Output enabled')).toHaveTextContent('Disabled');
    expect(await screen.findByText('No transmitters yet')).toBeInTheDocument();
    expect(screen.getByText('No exception reported')).toBeInTheDocument();
    expect(screen.getByText('Refreshes every 15 s')).toBeInTheDocument();
  });

  it('shows the configuration, OAT, Pnorm, the transmitters and the last exception, and deletes a transmitter after confirmation', async () => {
    const pressure = configured();
    const api = installFakeApi({ user: adminUser, handlers: [pressure.handler, fakeControllerServer().handler] });
    const { user } = renderApp(page);
    expect(await screen.findByText('88 ft', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByText('The building pressure control service is not configured yet.')).not.toBeInTheDocument();
    expect(row('Output enabled')).toHaveTextContent('Enabled');
    const oat = screen.getByText('Outside-air-temperature sensor').closest('.ant-descriptions') as HTMLElement;
    expect(within(oat).getByText('Outside Air Temperature')).toBeInTheDocument();
    expect(within(oat).getByText('WS-1 (127.0.10.11:47808)')).toBeInTheDocument();
    expect(within(oat).getByText('31.25 °F')).toBeInTheDocument();
    expect(within(oat).getByText(formatDateTime('2025-03-07T14:05:09Z'))).toBeInTheDocument();
    const pnorm = screen.getByText('Pnorm output').closest('.ant-descriptions') as HTMLElement;
    expect(within(pnorm).getByText('-0.012 in. w.c.')).toBeInTheDocument();
    expect(within(pnorm).getByText(formatDateTime('2025-03-07T14:05:11Z'))).toBeInTheDocument();

    const bpt = (await screen.findByText('BPT-1', { selector: 'td' })).closest('tr') as HTMLElement;
    for (const text of ['Lobby', '4', 'EMS-1', '127.0.10.11:47808', 'OBJECT_ANALOG_INPUT:2', 'Lobby pressure', '0.05', '0.041', formatDateTime('2025-03-07T14:05:09Z')]) {
      expect(within(bpt).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText('BacnetTimeout')).toBeInTheDocument();
    expect(screen.getByText('BPT-4 did not answer')).toBeInTheDocument();
    await user.click(screen.getByText('Show stack trace'));
    expect(await screen.findByText(/at readMultiple/)).toBeInTheDocument();

    await user.click(buttonIn(bpt, 'Delete'));
    const confirm = (await screen.findByText('Delete BPT-1?')).closest('.ant-popover') as HTMLElement;
    await user.click(buttonIn(confirm, 'Delete'));
    expect(await screen.findByText('BPT-1 was deleted')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/SyrxControllers/${controllerId}/services/${serviceIds.pressure}/building-pressure-transmitters/5`]);
    await waitFor(() => expect(screen.getByText('No transmitters yet')).toBeInTheDocument());
  });

  it('offers the changes only to pcs_admin', async () => {
    installFakeApi({ user: adaUser, handlers: [configured().handler, fakeControllerServer().handler] });
    renderApp(page);
    expect(await screen.findByText('88 ft', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByText('BPT-1', { selector: 'td' })).toBeInTheDocument();
    for (const name of ['Edit configuration', 'Choose OAT sensor', 'Choose Pnorm output', 'New transmitter', 'Edit', 'Delete']) {
      expect(buttonIn(document.body, name)).toBeDisabled();
      expect(buttonIn(document.body, name)).toHaveAttribute('title', 'This needs the permission Administer PCS and Syrx controllers (pcs_admin).');
    }
  });

  it('shows the server message when the status cannot be loaded', async () => {
    const refuse = () => ({ status: 403, body: { code: 'forbidden', message: 'You do not have permission to do this.' } });
    installFakeApi({ user: adminUser, handlers: [(c) => (c.path.endsWith('/configuration') ? refuse() : undefined), fakePressureServer(() => points).handler, fakeControllerServer().handler] });
    renderApp(page);
    expect(await screen.findByText('The building pressure control status could not be loaded', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to do this.')).toBeInTheDocument();
  });
});
