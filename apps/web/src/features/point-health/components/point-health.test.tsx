import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { installFakeApi } from '../../../testing/fake-api';
import { adminUser, controllerId } from '../../../testing/fake-controllers';
import { fakePointHealthServer, finding, sweep } from '../../../testing/fake-point-health';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 20_000 });

function open(path: string) {
  const server = fakePointHealthServer();
  server.state.sweeps = [sweep(1, { comparison: { previous_sweep_id: 0, new: 1, resolved: 2, unchanged: 0 } })];
  server.state.fleet = [
    { syrx_controller_id: controllerId, syrx_controller_name: 'AHU controller', group_id: 2, group_name: 'Acme Buildings', sweep_id: 1, swept_at: '2025-03-07T14:00:04.000Z', sweep_status: 'swept', counts: sweep(1).counts },
    { syrx_controller_id: 'c-2', syrx_controller_name: 'Plant controller', group_id: 2, group_name: 'Acme Buildings', sweep_id: null, swept_at: null, sweep_status: null, counts: null },
  ];
  server.state.findings = [
    finding(1),
    finding(2, { category: 'fault', point_name: 'VAV-2-06 Zone Temp', priority: null, priority_array: null, detail: 'Reliability: no-sensor', status_flags: { in_alarm: false, fault: true, overridden: false, out_of_service: false } }),
  ];
  const api = installFakeApi({ user: adminUser, handlers: [server.handler] });
  return { ...renderApp(path), api, server };
}

describe('point health screens', () => {
  it('shows the controllers against the categories of their latest sweep, each count leading to its findings', async () => {
    const { user, location } = open('/commissioning/point-health');
    const fleet = await screen.findByRole('table', { name: 'Point health by controller' }, { timeout: 8000 });
    const ahu = (await within(fleet).findByText('AHU controller')).closest('tr') as HTMLElement;
    expect(within(within(fleet).getByText('Plant controller').closest('tr') as HTMLElement).getByText('Never')).toBeInTheDocument();
    await user.click(within(ahu).getByRole('link', { name: 'Overridden on AHU controller: 1' }));
    await waitFor(() => expect(location()).toBe(`/commissioning/point-health/sweeps/1?category=overridden&syrx_controller_id=${controllerId}`), { timeout: 8000 });
    expect(await screen.findByRole('heading', { name: 'Sweep #1: AHU controller' }, { timeout: 8000 })).toBeInTheDocument();
  });

  it('starts a sweep of a controller and opens it', async () => {
    const { user, location, server } = open('/commissioning/point-health');
    await user.click(await screen.findByRole('button', { name: 'Start a sweep of Plant controller' }, { timeout: 8000 }));
    await waitFor(() => expect(location()).toBe('/commissioning/point-health/sweeps/10'), { timeout: 8000 });
    expect(server.state.started).toEqual([{ syrx_controller_id: 'c-2' }]);
    // The sweep page may render twice as its query settles: wait for the status rather than hold on to one node.
    await waitFor(() => expect(screen.getByText('queued')).toBeInTheDocument(), { timeout: 8000 });
  });

  it('schedules a daily sweep of the current group and removes it', async () => {
    const { user, server } = open('/commissioning/point-health');
    const table = await screen.findByRole('table', { name: 'Scheduled sweeps' }, { timeout: 8000 });
    expect(await within(table).findByText('No scheduled sweeps')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Hour' }));
    await user.click(await screen.findByTitle('03:00 UTC'));
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(server.state.schedules.map((x) => [x.group_id, x.hour_utc])).toEqual([[adminUser.commissioning_group?.id, 3]]), { timeout: 8000 });
    const row = (await within(table).findByText('Acme Buildings', {}, { timeout: 8000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('03:00 UTC')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Remove the daily sweep of Acme Buildings' }));
    await waitFor(() => expect(server.state.schedules).toEqual([]), { timeout: 8000 });
  });

  it('filters a sweep\'s findings by category, shows value, flags and the priority slot, and compares with the previous sweep', async () => {
    const { user, api } = open('/commissioning/point-health/sweeps/1');
    const grid = await screen.findByRole('table', { name: 'Findings' }, { timeout: 8000 });
    const override = (await within(grid).findByText('VAV-2-02 Damper Position')).closest('tr') as HTMLElement;
    expect(within(override).getByText('100 percent')).toBeInTheDocument();
    expect(within(override).getByText('8')).toBeInTheDocument();
    const fault = within(grid).getByText('VAV-2-06 Zone Temp').closest('tr') as HTMLElement;
    expect(within(fault).getByText('fault')).toBeInTheDocument();
    expect(within(fault).queryByRole('button', { name: /Relinquish/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2 resolved' })).toHaveAttribute('href', '/commissioning/point-health/sweeps/1?change=resolved');

    await user.click(within(screen.getByRole('radiogroup', { name: 'Category' })).getByText('Fault (1)'));
    await waitFor(() => expect(api.calls.some((c) => c.path.startsWith('/api/v2/point-health/sweeps/1/findings?category=fault'))).toBe(true), { timeout: 8000 });
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Findings' })).queryByText('VAV-2-02 Damper Position')).not.toBeInTheDocument(), { timeout: 8000 });
    expect(screen.getByRole('link', { name: /CSV/ })).toHaveAttribute('href', '/api/v2/point-health/sweeps/1/findings.csv?category=fault');
  });

  it('relinquishes an override after confirmation', async () => {
    const { user, server } = open('/commissioning/point-health/sweeps/1');
    await user.click(await screen.findByRole('button', { name: 'Relinquish VAV-2-02 Damper Position (VAV-2-02)' }, { timeout: 8000 }));
    expect(await screen.findByText('Relinquish priority 8 of VAV-2-02 Damper Position (VAV-2-02)?')).toBeInTheDocument();
    expect(server.state.relinquished).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Relinquish' }));
    await waitFor(() => expect(server.state.relinquished).toEqual([1]), { timeout: 8000 });
    expect(await screen.findByText(/^Relinquished by admin/)).toBeInTheDocument();
  });
});
