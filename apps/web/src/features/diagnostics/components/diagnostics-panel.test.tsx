import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DiagnosticsLatest } from '@syrx/contracts/diagnostics';
import { serviceIds } from '@syrx/contracts/services';
import { formatDateTime } from '../../../lib/date-format';
import { type RecordedCall, installFakeApi } from '../../../testing/fake-api';
import { adminUser, controllerId, fakeControllerServer } from '../../../testing/fake-controllers';
import { fakeOperationsServer } from '../../../testing/fake-operations';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 20_000 });

const at = '2025-03-07T14:05:09.000Z';
const snapshot = (rabbit: Partial<NonNullable<DiagnosticsLatest['rabbitmq_metrics']>> = {}): DiagnosticsLatest => ({
  process_information: {
    timestamp: at,
    processes: [
      { pid: 1, name: 'systemd', command: '/sbin/init', user: 'root', cpu_percent: 0.1, mem_percent: 0.5, mem_kb: 10_240, started: at },
      { pid: 812, name: 'node', command: 'node dist/agent.js', user: 'syrx', cpu_percent: 7.25, mem_percent: 3.1, mem_kb: 123_456, started: at },
    ],
  },
  network_interface_information: { timestamp: at, networkInterfaceInformation: '1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536\n    inet 127.0.0.1/8 scope host lo' },
  rabbitmq_metrics: {
    timestamp: at, state: 'not-configured', error: null, rabbitmq_metrics_active_queues: [], rabbitmq_metrics_active_channels: [], rabbitmq_metrics_active_connections: [], ...rabbit,
  },
});
const diagnosticsCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path.includes('/diagnostics/latest'));
const query = (c: RecordedCall | undefined) => new URLSearchParams(c?.path.split('?')[1]);

function open(latest: DiagnosticsLatest) {
  const operations = fakeOperationsServer();
  operations.state.diagnostics = latest;
  const api = installFakeApi({ user: adminUser, handlers: [operations.handler, fakeControllerServer().handler] });
  const app = renderApp(`/admin/syrx-controllers/${controllerId}/services/${serviceIds.diagnostic}`);
  return { ...app, api, operations };
}

describe('diagnostics panel', () => {
  it('shows the latest snapshot of the last 10 minutes in its tabs, asking again every 5 s', async () => {
    const { api, user } = open(snapshot());
    const processes = await screen.findByRole('table', { name: 'Processes' }, { timeout: 8000 });
    const rows = within(processes).getAllByRole('row').slice(1);
    // Busiest first.
    expect(within(rows[0] as HTMLElement).getByText('node')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('7.3')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('123,456')).toBeInTheDocument();
    expect(screen.getAllByText(`Snapshot of ${formatDateTime(at)}`).length).toBeGreaterThan(0);

    const first = query(diagnosticsCalls(api.calls)[0]);
    expect(Date.parse(first.get('endDate') ?? '') - Date.parse(first.get('startDate') ?? '')).toBe(10 * 60_000);
    expect(diagnosticsCalls(api.calls)[0]?.path).toMatch(`/api/SyrxControllers/${controllerId}/services/${serviceIds.diagnostic}/diagnostics/latest?`);

    await user.click(screen.getByRole('tab', { name: 'Network interface information' }));
    expect(await screen.findByLabelText('Network interfaces')).toHaveTextContent('inet 127.0.0.1/8 scope host lo');
    await user.click(screen.getByRole('tab', { name: 'RabbitMQ metrics' }));
    expect(await screen.findByText('No message broker is configured on this controller, so there are no RabbitMQ metrics.')).toBeInTheDocument();

    await waitFor(() => expect(diagnosticsCalls(api.calls).length).toBeGreaterThan(1), { timeout: 7000 });
  });

  it('lists the broker’s queues, channels and connections, or says it could not be reached', async () => {
    const queue = { name: 'syrx.records', policy: null, numMessagesReady: 4, numMessagesUnacknowledged: 1, numMessagesTotal: 5, firstSeenTimestamp: at, '@timestamp': at };
    const { user, operations } = open(snapshot({
      state: 'ok', rabbitmq_metrics_active_queues: [queue],
      rabbitmq_metrics_active_channels: [{ name: 'ch-1', connectionName: 'conn-1', numConsumers: 2, prefetchCount: 10, numMessagesUnacknowledged: 0 }],
      rabbitmq_metrics_active_connections: [{ name: 'conn-1', peerHost: '127.0.0.1', peerPort: 50512, host: '127.0.0.1', port: 5672 }],
    }));
    await user.click(await screen.findByRole('tab', { name: 'RabbitMQ metrics' }, { timeout: 8000 }));
    expect(within(await screen.findByRole('table', { name: 'Queues' })).getByText('syrx.records')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Connections' }));
    expect(within(await screen.findByRole('table', { name: 'Connections' })).getByText('5672')).toBeInTheDocument();

    operations.state.diagnostics = snapshot({ state: 'unreachable', error: 'rabbitmqctl: nodedown' });
    expect(await screen.findByText('The message broker could not be reached.', {}, { timeout: 7000 })).toBeInTheDocument();
    expect(screen.getByText('rabbitmqctl: nodedown')).toBeInTheDocument();
  });

  it('says when no snapshot is in the range, and keeps the time when the date changes', async () => {
    const { api } = open({ process_information: null, network_interface_information: null, rabbitmq_metrics: null });
    expect(await screen.findByText(/^No diagnostics were reported between/, {}, { timeout: 8000 })).toBeInTheDocument();
    const before = diagnosticsCalls(api.calls).length;
    const fields = within(screen.getByRole('group', { name: 'Diagnostics range' }));
    const startTime = fields.getByLabelText<HTMLInputElement>('Start time').value;

    fireEvent.change(fields.getByLabelText('Start date'), { target: { value: '2025-03-01' } });
    await waitFor(() => expect(diagnosticsCalls(api.calls).length).toBeGreaterThan(before));
    const start = new Date(query(diagnosticsCalls(api.calls).at(-1)).get('startDate') ?? '');
    expect([start.getFullYear(), start.getMonth(), start.getDate()]).toEqual([2025, 2, 1]);
    expect(fields.getByLabelText<HTMLInputElement>('Start time').value).toBe(startTime);
    expect(screen.getByRole('button', { name: 'Last 10 minutes' })).toHaveAttribute('aria-pressed', 'false');
  });
});
