import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { serviceIds } from '@syrx/contracts/services';
import { adaUser, installFakeApi } from '../../../testing/fake-api';
import { adminUser, controllerId, fakeControllerServer } from '../../../testing/fake-controllers';
import { fakeOperationsServer } from '../../../testing/fake-operations';
import { FakeNamespaces, connectedSocket } from '../../../testing/fake-socket';
import { renderApp } from '../../../testing/render-app';
import type { TerminalSession } from '../utils/terminal-session';

vi.setConfig({ testTimeout: 20_000 });

// xterm.js needs a real layout; a stand-in screen shows what was written and types on a button press.
vi.mock('./terminal-view', () => ({
  TerminalView: function FakeView({ session }: { session: TerminalSession }) {
    useEffect(() => {
      const screenEl = () => document.querySelector('[data-testid="terminal-screen"]');
      return session.attach({
        write: (data) => screenEl()?.append(data),
        size: () => ({ cols: 100, rows: 30 }),
        reset: () => screenEl()?.replaceChildren(),
        focus: () => undefined,
      });
    }, [session]);
    return (
      <div>
        <div data-testid="terminal-screen" />
        <button type="button" onClick={() => session.send('echo hi\r')}>
          Type
        </button>
      </div>
    );
  },
}));

function open(user = adminUser) {
  installFakeApi({ user, handlers: [fakeOperationsServer().handler, fakeControllerServer().handler] });
  const namespaces = new FakeNamespaces();
  const app = renderApp(`/admin/syrx-controllers/${controllerId}/services/${serviceIds.control}`, { socket: connectedSocket(), namespaces });
  return { ...app, namespaces };
}

describe('terminal panel', () => {
  it('connects to the controller’s agent, carries keystrokes and output, and disconnects', async () => {
    const { user, namespaces } = open();
    namespaces.next('/terminal').answers.set('client/server/connect', () => ({ terminalId: 'term-1' }));
    const connect = await screen.findByRole('button', { name: 'Connect terminal' }, { timeout: 8000 });
    await waitFor(() => expect(connect).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Disconnect terminal' })).toBeDisabled();

    await user.click(connect);
    const terminal = namespaces.latest('/terminal');
    expect(terminal?.sent('client/server/connect')).toEqual([{ agentId: controllerId, dimensions: { cols: 100, rows: 30 } }]);
    expect(await screen.findByText('Connected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Type' }));
    expect(terminal?.sent('client/server/data')).toEqual([{ terminalId: 'term-1', data: 'echo hi\r' }]);
    terminal?.serverEmit('server/client/data', { terminalId: 'term-1', data: 'hi' });
    expect(screen.getByTestId('terminal-screen')).toHaveTextContent('hi');

    await user.click(screen.getByRole('button', { name: 'Disconnect terminal' }));
    expect(terminal?.sent('client/server/disconnect')).toEqual([{ terminalId: 'term-1' }]);
    expect(await screen.findByText('Terminal disconnected.')).toBeInTheDocument();
    expect(terminal?.closed).toBe(true);
  });

  it('shows "Terminal id not returned", and why the server closed a session', async () => {
    const { user, namespaces } = open();
    namespaces.next('/terminal').answers.set('client/server/connect', () => ({}));
    const connect = await screen.findByRole('button', { name: 'Connect terminal' }, { timeout: 8000 });
    await waitFor(() => expect(connect).toBeEnabled());
    await user.click(connect);
    expect(await screen.findByRole('alert')).toHaveTextContent('Terminal id not returned');

    namespaces.next('/terminal').answers.set('client/server/connect', () => ({ terminalId: 'term-2' }));
    await user.click(connect);
    namespaces.latest('/terminal')?.serverEmit('server/client/closed', { terminalId: 'term-2', reason: 'Another terminal was opened for you on this controller.' });
    expect(await screen.findByText('Another terminal was opened for you on this controller.')).toBeInTheDocument();
  });

  it('is disabled, saying why, for a user without pcs_admin', async () => {
    const { namespaces } = open(adaUser);
    const connect = await screen.findByRole('button', { name: 'Connect terminal' }, { timeout: 8000 });
    expect(connect).toBeDisabled();
    expect(connect).toHaveAttribute('title', 'Opening a terminal needs the pcs_admin permission.');
    expect(screen.getByText('Opening a terminal needs the pcs_admin permission.')).toBeInTheDocument();
    expect(namespaces.opened).toHaveLength(0);
  });
});
