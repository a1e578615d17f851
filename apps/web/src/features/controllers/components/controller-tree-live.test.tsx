import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { installFakeApi } from '../../../testing/fake-api';
import { adminUser, controllerId, fakeControllerServer } from '../../../testing/fake-controllers';
import { connectedSocket } from '../../../testing/fake-socket';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 20_000 });

const statusesPath = `/api/SyrxControllers/${controllerId}/critical-systemd-service-statuses`;
const unit = (active_state: string) => ({ unit: 'syrx-agent.service', active_state, sub_state: active_state === 'active' ? 'running' : 'dead' });

describe('live status dots', () => {
  it('take the report the server sends after a heartbeat, and ask again when the agent comes or goes', async () => {
    let report: unknown = { statuses: [unit('active')], reported_at: '2025-03-07T14:05:09Z' };
    const api = installFakeApi({
      user: adminUser,
      handlers: [(c) => (c.path === statusesPath ? { status: 200, body: report } : undefined), fakeControllerServer().handler],
    });
    const socket = connectedSocket();
    renderApp('/admin/syrx-controllers', { socket });
    const tree = await screen.findByRole('navigation', { name: 'Syrx controllers' }, { timeout: 8000 });
    expect(await within(tree).findByRole('img', { name: 'Up' })).toBeInTheDocument();
    await waitFor(() => expect(socket.sent('client/server/connect')).toContainEqual({ syrxControllerId: controllerId }));

    socket.serverEmit('server/client/serviceStatuses', { syrxControllerId: controllerId, statuses: [unit('failed')], reported_at: '2025-03-07T14:05:24Z' });
    expect(await within(tree).findByRole('img', { name: 'Down' })).toBeInTheDocument();

    const asked = api.calls.filter((c) => c.path === statusesPath).length;
    report = { statuses: [unit('active')], reported_at: '2025-03-07T14:05:39Z' };
    socket.serverEmit('server/client/agentStatus', { syrxControllerId: controllerId, connected: true });
    expect(await within(tree).findByRole('img', { name: 'Up' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === statusesPath).length).toBe(asked + 1);
  });
});
