import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { serviceIds } from '@syrx/contracts/services';
import { type Handler, type RecordedCall, installFakeApi } from '../../../testing/fake-api';
import { adminUser, controllerId, fakeControllerServer } from '../../../testing/fake-controllers';
import { fakeDeviceServer, makePoint } from '../../../testing/fake-devices';
import { fakePressureServer } from '../../../testing/fake-pressure';
import { renderApp } from '../../../testing/render-app';
import { openTreePath } from '../../../testing/user-steps';

vi.setConfig({ testTimeout: 20_000 });

const page = `/admin/syrx-controllers/${controllerId}/services/${serviceIds.pressure}`;
const api = `/api/SyrxControllers/${controllerId}/services/${serviceIds.pressure}`;
const button = (name: string, within_: HTMLElement = document.body) => within(within_).getByText(name, { selector: 'button span' }).closest('button') as HTMLButtonElement;
const bodiesOf = (calls: RecordedCall[], method: string) => calls.filter((c) => c.method === method && c.path.startsWith(api)).map((c) => c.body);
const objectGroups: Handler = (c) => (c.path.startsWith('/api/bacnet-devices/4/bacnet-points/object-groups') ? { status: 200, body: [{ object_type: 0, object_type_name: 'OBJECT_ANALOG_INPUT', count: 3 }] } : undefined);

function servers(overrides: Handler[] = []) {
  const devices = fakeDeviceServer([objectGroups]);
  devices.state.points = [makePoint(1, { name: 'Outside Air Temperature' }), makePoint(2, { name: 'Lobby pressure' }), makePoint(3, { name: 'Pnorm' })];
  const pressure = fakePressureServer(() => devices.state.points, overrides);
  const fake = installFakeApi({ user: adminUser, handlers: [pressure.handler, devices.handler, fakeControllerServer().handler] });
  return { pressure, fake };
}

async function pickInTree(user: ReturnType<typeof renderApp>['user'], title: string) {
  const tree = await screen.findByLabelText('Point picker', {}, { timeout: 8000 });
  await openTreePath(user, tree, ['EMS-1 (1501)', 'OBJECT_ANALOG_INPUT (3)']);
  await user.click(await within(tree).findByText(title, {}, { timeout: 5000 }));
}

describe('configuration form', () => {
  it('checks the numbers, sends a height that is no number as null, and returns to the service page', async () => {
    const { fake } = servers();
    const { user, location } = renderApp(page);
    await user.click(await screen.findByText('Edit configuration', {}, { timeout: 8000 }));
    await waitFor(() => expect(location()).toBe(`${page}/configuration/edit`));
    const height = await screen.findByLabelText('Neutral plane height (ft)');
    await user.type(height, 'unknown');
    expect(await screen.findByText('Not a number: the neutral plane height will be saved as not set')).toBeInTheDocument();
    const priority = screen.getByLabelText('Write priority');
    await user.clear(priority);
    await user.type(priority, '6');
    await user.clear(screen.getByLabelText('Interval (s)'));
    await user.type(screen.getByLabelText('Interval (s)'), '5');
    await user.click(document.querySelector('button.ant-switch') as HTMLElement);
    await user.click(button('Save'));
    expect(await screen.findByText('Enter a priority from 1 to 16 (6 is reserved for minimum on/off)')).toBeInTheDocument();
    expect(bodiesOf(fake.calls, 'PATCH')).toEqual([]);

    await user.clear(priority);
    await user.type(priority, '12');
    await user.click(button('Save'));
    await waitFor(() => expect(location()).toBe(page));
    expect(bodiesOf(fake.calls, 'PATCH')).toEqual([{ neutral_plane_height: null, is_output_enabled: true, indoor_temperature: 70, interval_seconds: 5, write_priority: 12 }]);
    expect(await screen.findByText('The building pressure control configuration was saved')).toBeInTheDocument();
    expect(await screen.findByText('5 s')).toBeInTheDocument();
  });

  it("puts the server's 400 messages under their fields and leaves Cancel to go back unsaved", async () => {
    const refuse: Handler = (c) => (c.method === 'PATCH' ? { status: 400, body: { code: 'validation_failed', message: 'Not valid.', fields: [{ field: 'indoor_temperature', message: 'Enter an indoor temperature from 40 to 100 °F' }] } } : undefined);
    servers([refuse]);
    const { user, location } = renderApp(`${page}/configuration/edit`);
    await user.type(await screen.findByLabelText('Neutral plane height (ft)', {}, { timeout: 8000 }), '88');
    await user.click(button('Save'));
    expect(await screen.findByText('Enter an indoor temperature from 40 to 100 °F')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe(`${page}/configuration/edit`));
    await user.click(button('Cancel'));
    await waitFor(() => expect(location()).toBe(page));
  });
});

describe('point forms', () => {
  it('choose the OAT sensor with the point-picker tree', async () => {
    const { fake } = servers();
    const { user, location } = renderApp(`${page}/oat-sensor/edit`);
    expect(await screen.findByText('No point chosen', {}, { timeout: 8000 })).toBeInTheDocument();
    await user.click(button('Choose a point'));
    await pickInTree(user, 'OBJECT_ANALOG_INPUT:1 Outside Air Temperature');
    expect(await screen.findByText('Outside Air Temperature (OBJECT_ANALOG_INPUT:1)')).toBeInTheDocument();
    expect(screen.getByText('EMS-1 at 127.0.10.11:47808')).toBeInTheDocument();
    await user.click(button('Save'));
    await waitFor(() => expect(location()).toBe(page));
    expect(bodiesOf(fake.calls, 'PATCH')).toEqual([{ oat_syrx_controller_bacnet_point_id: 1 }]);
    expect(await screen.findByText('Outside Air Temperature')).toBeInTheDocument();
  });

  it('clear the Pnorm output to null', async () => {
    const { fake, pressure } = servers();
    pressure.state.configuration = { ...pressure.state.configuration, saved: true, pnorm_output_syrx_controller_bacnet_point_id: 3 };
    pressure.state.configuration.pnorm_output_point = { syrx_controller_bacnet_point_id: 3, syrx_controller_bacnet_point_name: 'Pnorm', syrx_controller_bacnet_point_object_id: 'OBJECT_ANALOG_OUTPUT:1', syrx_controller_bacnet_device_name: 'BPC-1', syrx_controller_bacnet_device_mac_address: '127.0.10.14:47808', units: null };
    const { user, location } = renderApp(`${page}/pnorm-output/edit`);
    expect(await screen.findByText('Pnorm (OBJECT_ANALOG_OUTPUT:1)', {}, { timeout: 8000 })).toBeInTheDocument();
    await user.click(button('Clear'));
    expect(screen.getByText('No point chosen')).toBeInTheDocument();
    await user.click(button('Save'));
    await waitFor(() => expect(location()).toBe(page));
    expect(bodiesOf(fake.calls, 'PATCH')).toEqual([{ pnorm_output_syrx_controller_bacnet_point_id: null }]);
  });
});
