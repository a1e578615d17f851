import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { QueryMessage, QueryMessageFilter } from '@syrx/contracts/query-messages';
import { serviceIds } from '@syrx/contracts/services';
import { formatDateTime } from '../../../lib/date-format';
import { type RecordedCall, installFakeApi, ok } from '../../../testing/fake-api';
import { adminUser, controllerId, fakeControllerServer } from '../../../testing/fake-controllers';
import { fakeDeviceServer } from '../../../testing/fake-devices';
import { connectedSocket } from '../../../testing/fake-socket';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 60_000 });

const messagesPath = `/api/SyrxControllers/${controllerId}/services/${serviceIds.query}/messages`;

const message = (id: number, status: QueryMessage['status'], over: Partial<QueryMessage> = {}): QueryMessage => ({
  id, syrx_controller_id: controllerId, message_type: 'DiscoverDevices', status, parameters: { network: null, low_limit: null, high_limit: null },
  created_on: new Date(Date.UTC(2026, 10, 26, 9, id)).toISOString(), acknowledged_on: status === 'created' ? null : new Date(Date.UTC(2026, 10, 26, 9, id, 5)).toISOString(),
  completed_on: status === 'completed' || status === 'failed' ? new Date(Date.UTC(2026, 10, 26, 9, id, 10)).toISOString() : null,
  devices_found: status === 'completed' ? 25 : null, devices_added: status === 'completed' ? 3 : null, error_message: status === 'failed' ? 'The BACnet interface is not bound.' : null, ...over,
});

const messages = [
  message(1, 'completed'), message(2, 'failed'), message(3, 'acknowledged', { parameters: { network: 1001, low_limit: 1000, high_limit: 1999 } }), message(4, 'created'),
];
/** The statuses each filter shows, as the server's repository has them. */
const shown: Record<QueryMessageFilter, QueryMessage['status'][]> = {
  show_acknowledged_hide_completed: ['created', 'acknowledged'], show_all: ['created', 'acknowledged', 'completed', 'failed'],
  show_completed: ['completed', 'failed'], hide_acknowledged: ['created'],
};

/** The query service's enabled service and its messages, newest first, under the filter asked for. */
function messagesServer(call: RecordedCall) {
  const url = new URL(call.path, 'http://console.test');
  if (call.method === 'GET' && url.pathname === `/api/SyrxControllers/${controllerId}/enabled-services/${serviceIds.query}`) {
    return ok({ syrx_controller_id: controllerId, service_id: serviceIds.query, assigned_version: '^1.0.0', reported_version: '1.0.0', last_contact: null });
  }
  const filter = (url.searchParams.get('filter') ?? 'show_acknowledged_hide_completed') as QueryMessageFilter;
  const matching = messages.filter((m) => shown[filter].includes(m.status)).sort((a, b) => b.id - a.id);
  if (call.method === 'GET' && url.pathname === messagesPath) return ok(matching);
  if (call.method === 'GET' && url.pathname === `${messagesPath}/count`) return ok({ count: matching.length });
  return undefined;
}

describe('query messages grid', () => {
  it('shows the unfinished messages by default (show_acknowledged_hide_completed) and the others under another filter', async () => {
    const api = installFakeApi({ user: adminUser, handlers: [messagesServer, fakeDeviceServer().handler, fakeControllerServer().handler] });
    const { user } = renderApp(`/admin/syrx-controllers/${controllerId}/services/${serviceIds.query}`, { socket: connectedSocket() });

    const grid = await screen.findByRole('table', { name: 'Query messages' }, { timeout: 30_000 });
    await within(grid).findByText('Acknowledged', { selector: '.ant-tag' }, { timeout: 10_000 });
    expect(api.calls.find((c) => c.path.startsWith(`${messagesPath}?`))?.path).toBe(`${messagesPath}?filter=show_acknowledged_hide_completed&skip=0&take=20`);
    expect(screen.getByRole('combobox', { name: 'Message filter' }).closest('.ant-select')).toHaveTextContent('Show acknowledged, hide completed');
    const rows = () => within(grid).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows()).toHaveLength(2);
    expect(rows()[0]).toContain('Created');
    expect(rows()[0]).toContain('All networks');
    expect(rows()[1]).toContain('Network 1001, instances 1000–1999');
    expect(within(grid).queryByText('Completed', { selector: '.ant-tag' })).not.toBeInTheDocument();
    expect(screen.getByText('1-2 of 2 messages')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Message filter' }));
    await user.click(await screen.findByTitle('Show completed'));
    await within(grid).findByText('Completed', { selector: '.ant-tag' }, { timeout: 10_000 });
    expect(api.calls.some((c) => c.path === `${messagesPath}?filter=show_completed&skip=0&take=20`)).toBe(true);
    expect(within(grid).getByText('Failed', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(within(grid).getByText('The BACnet interface is not bound.')).toBeInTheDocument();
    expect(within(grid).getByText(formatDateTime(messages[0]?.completed_on ?? ''))).toBeInTheDocument();
    await waitFor(() => expect(within(grid).queryByText('Acknowledged', { selector: '.ant-tag' })).not.toBeInTheDocument());

    // Sorting by a column asks the server for it.
    await user.click(within(grid).getAllByRole('columnheader').find((h) => h.textContent?.startsWith('Devices found')) as HTMLElement);
    await waitFor(() => expect(api.calls.some((c) => c.path === `${messagesPath}?filter=show_completed&skip=0&take=20&sort=devices_found%3Aasc`)).toBe(true));
  });
});
