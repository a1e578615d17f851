import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { installFakeApi } from '../../../testing/fake-api';
import { adminUser, controllerId, fakeControllerServer } from '../../../testing/fake-controllers';
import { connectedSocket } from '../../../testing/fake-socket';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 20_000 });

const statusesPath = `/api/SyrxControllers/${controllerId}/critical-systemd-service-statuses`;
const unit = (active_state: string) => ({ unit: 'syrx-agent.service', active_state, sub_state: active_state === 'active' ? 'running' : 'dead' });
const reportOf = (active_state: string, agent_state = 'reporting') => ({ statuses: [unit(active_state)], reported_at: '2025-03-07T14:05:09Z', agent_state });

function serve(report: () => unknown) {
  return installFakeApi({
    user: adminUser,
    handlers: [(c) => (c.path === statusesPath ? { status: 200, body: report() } : undefined), fakeControllerServer().handler],
  });
}

describe('live status dots', () => {
  it('take the report the server sends after a heartbeat, and ask again when the agent comes or goes', async () => {
    let report: unknown = reportOf('active');
    const api = serve(() => report);
    const socket = connectedSocket();
    renderApp('/admin/syrx-controllers', { socket });
    const tree = await screen.findByRole('navigation', { name: 'Syrx controllers' }, { timeout: 8000 });
    expect(await within(tree).findByRole('img', { name: 'Up' })).toBeInTheDocument();
    await waitFor(() => expect(socket.sent('client/server/connect')).toContainEqual({ syrxControllerId: controllerId }));

    // No unit active is partly up (spec 01 section 4), not down.
    socket.serverEmit('server/client/serviceStatuses', { syrxControllerId: controllerId, ...reportOf('failed') });
    expect(await within(tree).findByRole('img', { name: 'Partly up' })).toBeInTheDocument();

    // The server says the agent fell silent: red, whatever the units last said.
    socket.serverEmit('server/client/serviceStatuses', { syrxControllerId: controllerId, ...reportOf('active', 'silent') });
    const down = await within(tree).findByRole('img', { name: 'Down' });
    expect(down).toHaveAttribute('title', 'Down: The agent has been silent for more than two heartbeats');

    const asked = api.calls.filter((c) => c.path === statusesPath).length;
    report = reportOf('active');
    socket.serverEmit('server/client/agentStatus', { syrxControllerId: controllerId, connected: true });
    expect(await within(tree).findByRole('img', { name: 'Up' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === statusesPath).length).toBe(asked + 1);
  });

  it('show on the controller page too, and turn red there when the agent leaves', async () => {
    serve(() => reportOf('active'));
    const socket = connectedSocket();
    renderApp(`/admin/syrx-controllers/${controllerId}`, { socket });
    const status = await screen.findByTestId('controller-status', {}, { timeout: 8000 });
    await waitFor(() => expect(status).toHaveTextContent('Up (Every unit is active)'));

    socket.serverEmit('server/client/serviceStatuses', { syrxControllerId: controllerId, ...reportOf('active', 'disconnected') });
    await waitFor(() => expect(status).toHaveTextContent('Down (The agent is disconnected)'));
    expect(status).toHaveAttribute('data-status', 'down');
  });
});
