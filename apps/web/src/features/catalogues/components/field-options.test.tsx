import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { catalogueMessages } from '@syrx/contracts/catalogues';
import { adaUser, installFakeApi } from '../../../testing/fake-api';
import { fakeCatalogueServer } from '../../../testing/fake-catalogues';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 60_000 });

const option = (id: number, field: string, name: string, position: number, closed = false) => ({ id, field, name, position, closed, issues: 0 });

describe('the issue and task field options screens', () => {
  it('lists a kind\'s statuses, priorities and types, and adds a status that closes an entry (no position: first)', async () => {
    const server = fakeCatalogueServer('/api/v2/task-field-options', {
      key: 'name', what: 'field option of tasks', required: { name: catalogueMessages.name },
      rows: [option(1, 'status', 'Open', 0), option(2, 'status', 'Closed', 30, true), { ...option(3, 'type', 'Functional test', 0), issues: 4 }],
    });
    const api = installFakeApi({ user: { ...adaUser, permissions: ['task_field_options_manage'] }, handlers: [server.handler] });
    const { user } = renderApp('/admin/task-field-options');
    const grid = await screen.findByRole('table', { name: 'Task field options' }, { timeout: 15_000 });
    const closed = (await within(grid).findByText('Closed')).closest('tr') as HTMLElement;
    expect(within(closed).getByText('closed')).toBeInTheDocument();

    await user.click(screen.getByText('New task field option'));
    const dialog = (await screen.findByText('New task field option', { selector: '.ant-modal-title' })).closest<HTMLElement>('[role="dialog"]') as HTMLElement;
    await user.click(within(dialog).getByLabelText('Field'));
    await user.click(await screen.findByTitle('status'));
    await user.type(within(dialog).getByLabelText('Name'), 'Verified');
    await user.click(within(dialog).getByLabelText('A status that closes the entry'));
    await user.click(within(dialog).getByText('Save', { selector: 'button span' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({
      path: '/api/v2/task-field-options', body: { field: 'status', name: 'Verified', position: null, closed: true },
    }));
  });
});
