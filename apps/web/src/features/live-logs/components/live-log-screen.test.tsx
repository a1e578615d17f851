import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { LiveLogEntry, LiveLogLevel } from '@syrx/contracts/live-logs';
import { installFakeApi } from '../../../testing/fake-api';
import { adminUser, controllerId, fakeControllerServer } from '../../../testing/fake-controllers';
import { FakeNamespaces, type FakeSocket, connectedSocket } from '../../../testing/fake-socket';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 20_000 });

const entry = (n: number, logLevel: LiveLogLevel = 'INFO'): LiveLogEntry => ({
  journalCursor: `c${n}`, timestamp: new Date(Date.UTC(2025, 2, 7, 14, 0, n)).toISOString(), systemdUnit: 'syrx-agent.service', logLevel, message: `line ${n}`,
});
const send = (socket: FakeSocket, ...entries: LiveLogEntry[]) => socket.serverEmit('server/client/log-entries', { syrxControllerId: controllerId, logEntries: entries });
const lines = () => within(screen.getByRole('log', { name: 'Live log' })).queryAllByRole('listitem').map((li) => li.getAttribute('title'));

async function open() {
  installFakeApi({ user: adminUser, handlers: [fakeControllerServer().handler] });
  const namespaces = new FakeNamespaces();
  const app = renderApp(`/admin/syrx-controllers/${controllerId}/logs`, { socket: connectedSocket(), namespaces });
  await screen.findByRole('heading', { name: 'Live logs' }, { timeout: 8000 });
  const socket = namespaces.latest('/live-logs');
  if (!socket) throw new Error('the screen opened no /live-logs connection');
  return { ...app, live: socket };
}

describe('live logs screen', () => {
  it('watches the controller and lists what arrives, oldest to newest, with the agent’s state', async () => {
    const { live, user } = await open();
    expect(live.sent('client/server/connect')).toEqual([{ syrxControllerId: controllerId }]);
    expect(await screen.findByText('Receiving live logs')).toBeInTheDocument();
    expect(screen.getByText('Agent connected')).toBeInTheDocument();
    expect(screen.getByText('No entries yet')).toBeInTheDocument();

    send(live, entry(1), entry(2, 'ERR'));
    send(live, entry(3));
    await waitFor(() => expect(lines()).toEqual(['line 1', 'line 2', 'line 3']));
    expect(screen.getByText('3 of 3 entries shown (keeping the newest 2000)')).toBeInTheDocument();

    await user.click(screen.getByText('Newest to oldest'));
    await waitFor(() => expect(lines()).toEqual(['line 3', 'line 2', 'line 1']));
  });

  it('stops updating while paused and shows the held entries on Resume', async () => {
    const { live, user } = await open();
    send(live, entry(1));
    await waitFor(() => expect(lines()).toEqual(['line 1']));

    await user.click(screen.getByRole('button', { name: /Pause/ }));
    send(live, entry(2), entry(3));
    expect(await screen.findByText('Paused: 2 new entries held, shown on Resume')).toBeInTheDocument();
    expect(lines()).toEqual(['line 1']);

    await user.click(screen.getByRole('button', { name: /Resume/ }));
    await waitFor(() => expect(lines()).toEqual(['line 1', 'line 2', 'line 3']));
    send(live, entry(4));
    await waitFor(() => expect(lines()).toHaveLength(4));

    await user.click(screen.getByRole('button', { name: /Clear/ }));
    expect(lines()).toEqual([]);
  });

  it('shows only the levels chosen and keeps as many entries as chosen', async () => {
    const { live, user } = await open();
    send(live, ...Array.from({ length: 120 }, (_, i) => entry(i + 1, i % 2 === 0 ? 'INFO' : 'DEBUG')));
    await waitFor(() => expect(screen.getByText('120 of 120 entries shown (keeping the newest 2000)')).toBeInTheDocument());

    await user.click(screen.getByRole('checkbox', { name: 'DEBUG' }));
    expect(screen.getByText('60 of 120 entries shown (keeping the newest 2000)')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Entries kept' }));
    await user.click(await screen.findByTitle('100'));
    expect(screen.getByText('50 of 100 entries shown (keeping the newest 100)')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'INFO' }));
    expect(screen.getByText('No entries of the chosen levels')).toBeInTheDocument();
  });

  it('leaves the live log and closes its connection when the screen closes', async () => {
    const { live, router } = await open();
    await router.navigate(`/admin/syrx-controllers/${controllerId}`);
    await waitFor(() => expect(live.closed).toBe(true));
    expect(live.sent('client/server/disconnect')).toEqual([{ syrxControllerId: controllerId }]);
  });
});
