import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { RecordedCall } from '../../../testing/fake-api';
import { fakeRolesServer, role, rolesManager } from '../../../testing/fake-roles';
import { renderWithApi } from '../../../testing/render-app';
import { queriesTo, rowWithLink, untilLastQueryHas } from '../../../testing/grid-queries';

vi.setConfig({ testTimeout: 20_000 });

const rolesList = '/api/v2/roles';
const pageCalls = (calls: readonly RecordedCall[]) => queriesTo(calls, rolesList);

function open() {
  const server = fakeRolesServer();
  server.state.roles = [
    role(1, 'Administrator', ['roles_manage', 'pcs_admin', 'audit_log_view'], { built_in: true }),
    role(2, 'Auditor', ['audit_log_view']),
    role(3, 'Uploader', ['group_data_upload']),
  ];
  return { ...renderWithApi('/admin/roles', { user: rolesManager, handlers: [server.handler] }), server };
}

describe('roles grid', () => {
  it('lists roles by name, each linking to its editor, asking for the first page', async () => {
    const { api } = open();
    const grid = await screen.findByRole('table', { name: 'Roles' }, { timeout: 8000 });
    const auditor = await rowWithLink(grid, 'Auditor');
    expect(within(grid).getByRole('link', { name: 'Auditor' })).toHaveAttribute('href', '/admin/roles/2');
    expect(within(auditor).getByText('1 of 46')).toBeInTheDocument();
    expect(within(grid).getByText('built-in')).toBeInTheDocument();
    expect(pageCalls(api.calls)[0]?.toString()).toBe('pageNum=1&pageSize=20&sort=name%3Aasc');
  });

  it('sends only the filters filled in, and the sort of a clicked column', async () => {
    const { api, user } = open();
    await screen.findByRole('link', { name: 'Auditor' }, { timeout: 8000 });
    await user.type(screen.getByRole('searchbox', { name: 'Name' }), 'aud{Enter}');
    await untilLastQueryHas(api.calls, rolesList, { 'filter[0][value]': 'aud', 'filter[0][field]': 'name' });
    expect(pageCalls(api.calls).at(-1)?.has('filter[1][field]')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Uploader' })).not.toBeInTheDocument());

    // Permissions are offered by name (found by name or key), the key in the tooltip.
    await user.type(screen.getByRole('combobox', { name: 'Permission' }), 'audit log');
    expect(await screen.findByTitle('audit_log_view')).toHaveTextContent('View the audit log');
    await user.clear(screen.getByRole('combobox', { name: 'Permission' }));
    await user.type(screen.getByRole('combobox', { name: 'Permission' }), 'audit_log');
    await user.click(await screen.findByTitle('audit_log_view'));
    await untilLastQueryHas(api.calls, rolesList, { 'filter[1][field]': 'permissions', 'filter[1][operator]': 'contains' });

    await user.click(within(screen.getByRole('table', { name: 'Roles' })).getByRole('columnheader', { name: /Id/ }));
    await untilLastQueryHas(api.calls, rolesList, { sort: 'id:asc' });
  });

  it('opens the new-role form', async () => {
    const { user, location } = open();
    await user.click(await screen.findByRole('button', { name: /New role/ }, { timeout: 8000 }));
    await waitFor(() => expect(location()).toBe('/admin/roles/new'));
    expect(await screen.findByRole('heading', { name: 'New role' })).toBeInTheDocument();
  });
});
