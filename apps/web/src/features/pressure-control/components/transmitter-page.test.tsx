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
const api = `/api/SyrxControllers/${controllerId}/services/${serviceIds.pressure}/building-pressure-transmitters`;
const button = (name: string) => screen.getByText(name, { selector: 'button span' }).closest('button') as HTMLButtonElement;
const bodiesOf = (calls: RecordedCall[], method: string) => calls.filter((c) => c.method === method && c.path.startsWith(api)).map((c) => c.body);
const objectGroups: Handler = (c) => (c.path.startsWith('/api/bacnet-devices/4/bacnet-points/object-groups') ? { status: 200, body: [{ object_type: 0, object_type_name: 'OBJECT_ANALOG_INPUT', count: 2 }] } : undefined);

function servers() {
  const devices = fakeDeviceServer([objectGroups]);
  devices.state.points = [makePoint(1, { name: 'Lobby pressure' }), makePoint(2, { name: 'Roof pressure' })];
  const pressure = fakePressureServer(() => devices.state.points);
  const fake = installFakeApi({ user: adminUser, handlers: [pressure.handler, devices.handler, fakeControllerServer().handler] });
  return { pressure, fake };
}

/** Opens the point picker of the form and picks a point of EMS-1. */
async function pick(user: ReturnType<typeof renderApp>['user'], title: string) {
  await user.click(button('Choose a point'));
  const tree = await screen.findByLabelText('Point picker', {}, { timeout: 8000 });
  await openTreePath(user, tree, ['EMS-1 (1501)', 'OBJECT_ANALOG_INPUT (2)']);
  await user.click(await within(tree).findByText(title, {}, { timeout: 5000 }));
}

describe('transmitter forms', () => {
  it('add transmitters: the point from the picker, a number already used refused under the field, an empty number given by the server', async () => {
    const { fake } = servers();
    const { user, location } = renderApp(page);
    await user.click(await screen.findByText('New transmitter', { selector: 'button span' }, { timeout: 8000 }));
    // The edit pages are loaded on their first visit (a lazy route): the location changes once they have.
    await waitFor(() => expect(location()).toBe(`${page}/building-pressure-transmitters/new`));
    await user.type(await screen.findByLabelText('Transmitter height (ft)'), 'ground');
    await user.click(button('Save'));
    expect(await screen.findByText('Enter a height in feet')).toBeInTheDocument();
    expect(await screen.findByText('Choose a point of this controller')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Transmitter height (ft)'));
    await user.type(screen.getByLabelText('Transmitter height (ft)'), '4');
    await user.type(screen.getByLabelText('Name'), 'Lobby');
    await pick(user, 'OBJECT_ANALOG_INPUT:1 Lobby pressure');
    expect(await screen.findByText('Lobby pressure (OBJECT_ANALOG_INPUT:1)')).toBeInTheDocument();
    await user.click(button('Save'));
    await waitFor(() => expect(location()).toBe(page));
    expect(await screen.findByText('BPT-1 was added')).toBeInTheDocument();
    expect(await screen.findByText('BPT-1', { selector: 'td' })).toBeInTheDocument();

    await user.click(button('New transmitter'));
    await user.type(await screen.findByLabelText('Number'), '1');
    await user.type(screen.getByLabelText('Transmitter height (ft)'), '52');
    await pick(user, 'OBJECT_ANALOG_INPUT:2 Roof pressure');
    await user.click(button('Save'));
    expect(await screen.findByText('That transmitter number is already used on this controller')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe(`${page}/building-pressure-transmitters/new`));
    expect(bodiesOf(fake.calls, 'POST')).toEqual([
      { name: 'Lobby', transmitter_height: 4, syrx_controller_bacnet_point_id: 1 },
      { num: 1, name: '', transmitter_height: 52, syrx_controller_bacnet_point_id: 2 },
    ]);
  });

  it('edit a transmitter: loads it, saves with PUT and returns to the service page', async () => {
    const { fake, pressure } = servers();
    void pressure.handler({ method: 'POST', path: api, body: { num: 3, name: 'Lobby', transmitter_height: 4, syrx_controller_bacnet_point_id: 1 }, csrf: null });
    const { user, location } = renderApp(`${page}/building-pressure-transmitters/1/edit`);
    expect(await screen.findByText('Building pressure transmitter BPT-3', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Number')).toHaveValue('3');
    expect(screen.getByText('Lobby pressure (OBJECT_ANALOG_INPUT:1)')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Transmitter height (ft)'));
    await user.type(screen.getByLabelText('Transmitter height (ft)'), '4.5');
    await user.click(button('Save'));
    await waitFor(() => expect(location()).toBe(page));
    expect(bodiesOf(fake.calls, 'PUT')).toEqual([{ num: 3, name: 'Lobby', transmitter_height: 4.5, syrx_controller_bacnet_point_id: 1 }]);
  });

  it('says when a transmitter cannot be loaded, with a way back', async () => {
    servers();
    const { user, location } = renderApp(`${page}/building-pressure-transmitters/9/edit`);
    expect(await screen.findByText('The building pressure transmitter was not found.', {}, { timeout: 8000 })).toBeInTheDocument();
    await user.click(button('Back to the service'));
    await waitFor(() => expect(location()).toBe(page));
  });
});
