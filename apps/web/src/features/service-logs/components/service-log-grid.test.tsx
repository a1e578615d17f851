import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { serviceIds } from '@syrx/contracts/services';
import { formatDateTime } from '../../../lib/date-format';
import { type Handler, installFakeApi } from '../../../testing/fake-api';
import { adminUser, controllerId, fakeControllerServer } from '../../../testing/fake-controllers';
import { fakeOperationsServer, logEntry } from '../../../testing/fake-operations';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 20_000 });

const service = serviceIds.reporting;
const logsPath = `/admin/syrx-controllers/${controllerId}/services/${service}/logs`;

function servers() {
  const operations = fakeOperationsServer();
  operations.state.logs = [
    logEntry(1, { level: 'DEBUG', message: 'Polled 5 points' }),
    logEntry(2),
    logEntry(3, { level: 'ERROR', message: 'Upload failed', exception: 'Error: socket hang up\n    at upload (uploader.ts:10:5)' }),
  ];
  return installFakeApi({ user: adminUser, handlers: [operations.handler, fakeControllerServer().handler] });
}

describe('service logs grid', () => {
  it('lists the entries from INFO up, newest first, with the timestamp, level, logger, message and exception', async () => {
    const api = servers();
    const { user } = renderApp(logsPath);

    const grid = await screen.findByRole('table', {}, { timeout: 8000 });
    const rows = await within(grid).findAllByText(/Upload/);
    expect(rows.map((r) => r.textContent)).toEqual(['Upload failed', 'Uploaded batch 2']);
    expect(screen.queryByText('Polled 5 points')).not.toBeInTheDocument();
    expect(within(grid).getByText(formatDateTime(logEntry(3).timestamp))).toBeInTheDocument();
    expect(within(grid).getAllByText('reporting.uploader')).toHaveLength(2);
    expect(screen.getByText('1-2 of 2 entries')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path.includes('/logs?'))?.path).toBe(`/api/SyrxControllers/${controllerId}/services/${service}/logs?minLogLevel=INFO&skip=0&take=50`);

    // The exception's first line is in its column; the whole stack opens under the row.
    expect(within(grid).getByText('Error: socket hang up')).toBeInTheDocument();
    await user.click(within(grid).getAllByRole('button', { name: /expand row/i })[0] as HTMLElement);
    expect(await screen.findByLabelText('Exception')).toHaveTextContent('at upload (uploader.ts:10:5)');
  });

  it('filters by the minimum level and goes Back to the service page', async () => {
    const api = servers();
    const { user, location } = renderApp(logsPath);
    await screen.findByText('Uploaded batch 2', {}, { timeout: 8000 });

    await user.click(screen.getByRole('combobox', { name: 'Minimum level' }));
    await user.click(await screen.findByTitle('DEBUG'));
    expect(await screen.findByText('Polled 5 points')).toBeInTheDocument();
    expect(screen.getByText('1-3 of 3 entries')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.includes('/logs/count?minLogLevel=DEBUG'))).toBe(true);

    await user.click(screen.getByRole('button', { name: /Back/ }));
    await waitFor(() => expect(location()).toBe(`/admin/syrx-controllers/${controllerId}/services/${service}`));
  });

  it('shows no empty text while a page is loading, only once it has come back empty', async () => {
    const operations = fakeOperationsServer();
    operations.state.logs = [logEntry(1, { level: 'DEBUG', message: 'Polled 5 points' })];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The ERROR page is answered only once released; its count at once.
    const holdErrorPage: Handler = (c) => (c.path.includes('/logs?minLogLevel=ERROR') ? held.then(() => operations.handler(c) ?? { status: 404 }) : undefined);
    const api = installFakeApi({ user: adminUser, handlers: [holdErrorPage, operations.handler, fakeControllerServer().handler] });
    const { user } = renderApp(logsPath);
    expect(await screen.findByText('No log entries at INFO or above', {}, { timeout: 8000 })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Minimum level' }));
    await user.click(await screen.findByTitle('ERROR'));
    await waitFor(() => expect(api.calls.some((c) => c.path.includes('/logs/count?minLogLevel=ERROR'))).toBe(true));
    await waitFor(() => expect(screen.queryByText('No log entries at INFO or above')).not.toBeInTheDocument());
    expect(screen.queryByText('No log entries at ERROR or above')).not.toBeInTheDocument();

    release();
    expect(await screen.findByText('No log entries at ERROR or above')).toBeInTheDocument();
  });

  it('is in the older area too, going Back to the service page there', async () => {
    servers();
    const { user, location } = renderApp(`/admin/syrx-controllers-old/${controllerId}/services/${service}/logs`);
    await screen.findByText('Uploaded batch 2', {}, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: /Back/ }));
    await waitFor(() => expect(location()).toBe(`/admin/syrx-controllers-old/${controllerId}/services/${service}`));
  });

  it('says so when there are no entries, and shows the server’s message when the log cannot be read', async () => {
    installFakeApi({
      user: adminUser,
      handlers: [(c) => (c.path.includes('/logs/count') ? { status: 409, body: { code: 'conflict', message: 'The log store is busy.' } } : undefined), fakeOperationsServer().handler, fakeControllerServer().handler],
    });
    renderApp(logsPath);
    expect(await screen.findByText('No log entries at INFO or above', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('The log store is busy.');
  });
});
