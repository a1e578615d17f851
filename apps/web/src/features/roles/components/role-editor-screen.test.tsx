import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { roleMessages } from '@syrx/contracts/roles';
import { type Handler, notFound, onDelete } from '../../../testing/fake-api';
import { fakeRolesServer, role, rolesManager } from '../../../testing/fake-roles';
import { renderWithApi } from '../../../testing/render-app';
import { deleteAndConfirm } from '../../../testing/user-steps';

vi.setConfig({ testTimeout: 25_000 });

function open(path: string, overrides: Handler[] = []) {
  const server = fakeRolesServer(overrides);
  server.state.roles = [role(1, 'Administrator', ['roles_manage'], { built_in: true }), role(2, 'Auditor', ['audit_log_view', 'group_data_view'])];
  server.state.roleUsers.set(2, [7]);
  return { ...renderWithApi(path, { user: rolesManager, handlers: [server.handler] }), server };
}

const sent = (api: ReturnType<typeof open>['api'], method: string, path: string) => api.calls.filter((c) => c.method === method && c.path === path);

describe('new role form', () => {
  it("says 'Required' without a name, and creates the role with the checked permissions", async () => {
    const { api, user, location } = open('/admin/roles/new');
    await user.click(await screen.findByRole('button', { name: 'Save' }, { timeout: 8000 }));
    expect(await screen.findByText(roleMessages.required)).toBeInTheDocument();
    expect(sent(api, 'POST', '/api/v2/roles')).toHaveLength(0);

    await user.type(screen.getByLabelText('Name'), 'Commissioning lead');
    await user.click(within(screen.getByRole('group', { name: 'Commissioning' })).getByRole('checkbox', { name: 'Manage projects' }));
    await user.click(within(screen.getByRole('group', { name: 'Admin' })).getByRole('checkbox', { name: 'Manage users' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/admin/roles/100'));
    expect(sent(api, 'POST', '/api/v2/roles')[0]?.body).toEqual({ name: 'Commissioning lead', permissions: ['users_manage', 'projects_manage'] });
    expect(await screen.findByRole('heading', { name: 'Role: Commissioning lead' })).toBeInTheDocument();
  });

  it('shows a name in use under the name (409)', async () => {
    const { user } = open('/admin/roles/new');
    await user.type(await screen.findByLabelText('Name', {}, { timeout: 8000 }), 'auditor');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(roleMessages.roleNameTaken('auditor'))).toBeInTheDocument();
  });
});

describe('role editor', () => {
  it('shows the permissions by category and saves the name and permissions', async () => {
    const { api, user } = open('/admin/roles/2');
    expect(await screen.findByRole('heading', { name: 'Role: Auditor' }, { timeout: 8000 })).toBeInTheDocument();
    const admin = screen.getByRole('group', { name: 'Admin' });
    // Permissions by the names people read, their keys in the tooltip.
    expect(within(admin).getByRole('checkbox', { name: 'View the audit log' })).toBeChecked();
    expect(within(admin).getByTitle('audit_log_view')).toHaveTextContent('View the audit log');
    expect(within(admin).queryByText('audit_log_view')).not.toBeInTheDocument();
    expect(within(admin).getByRole('checkbox', { name: 'Administer PCS and Syrx controllers' })).not.toBeChecked();
    expect(within(screen.getByRole('group', { name: 'Report data' })).getByRole('checkbox', { name: 'View group data' })).toBeChecked();

    await user.click(within(admin).getByRole('checkbox', { name: 'View the audit log' }));
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Data reader');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(api, 'PUT', '/api/v2/roles/2')[0]?.body).toEqual({ name: 'Data reader', permissions: ['group_data_view'] }));
    expect(await screen.findByRole('heading', { name: 'Role: Data reader' })).toBeInTheDocument();
    // The signed-in user may hold the role: the session is asked again.
    await waitFor(() => expect(sent(api, 'GET', '/api/Login').length).toBeGreaterThanOrEqual(2));
  });

  it('lists who holds the role, adds a user by username and removes one', async () => {
    const { api, user, server } = open('/admin/roles/2');
    server.state.users.push({ id: 8, username: 'lee@example.com', first_name: 'Lee', last_name: 'Park' });
    const holders = await screen.findByRole('table', { name: 'Users with the role Auditor' }, { timeout: 8000 });
    expect(await within(holders).findByText('dana@example.com')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText(roleMessages.userNotFound)).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Username' }));
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'lee@example.com');
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    expect(await within(holders).findByText('Lee Park')).toBeInTheDocument();

    await user.click(within(holders).getByRole('button', { name: 'Remove dana@example.com' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(sent(api, 'DELETE', '/api/v2/roles/2/users/7')).toHaveLength(1));
    await waitFor(() => expect(within(holders).queryByText('dana@example.com')).not.toBeInTheDocument());
  });

  it('shows a not-found state for a role that does not exist (404)', async () => {
    const { api } = open('/admin/roles/99');
    expect(await screen.findByText('Role not found', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Roles' })).toHaveAttribute('href', '/admin/roles');
    expect(sent(api, 'GET', '/api/v2/roles/99')).toHaveLength(1);
  });

  it('shows the not-found state for a path that is no id, without asking the server', async () => {
    const { api } = open('/admin/roles/abc');
    expect(await screen.findByText('Role not found', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.startsWith('/api/v2/roles'))).toBe(false);
  });

  it('keeps a built-in role read-only', async () => {
    open('/admin/roles/1');
    expect(await screen.findByText('A built-in role', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(screen.getByRole('button', { name: /Delete/ })).toBeDisabled();
  });

  it('deletes the role after confirmation and goes back to the grid', async () => {
    const { api, user, location } = open('/admin/roles/2');
    await user.click(await screen.findByRole('button', { name: /Delete/ }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete the role "Auditor"?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location()).toBe('/admin/roles'));
    expect(sent(api, 'DELETE', '/api/v2/roles/2')).toHaveLength(1);
  });

  it("says 'Item could not be found' and closes when the role is already gone", async () => {
    const { user, location } = open('/admin/roles/2', [onDelete(notFound('The role'))]);
    await deleteAndConfirm(user);
    expect(await screen.findByText(roleMessages.deleteNotFound)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/admin/roles'));
  });

  it("says 'An error occurred while trying to perform the deletion' and keeps the dialog open when it fails", async () => {
    const { user, location } = open('/admin/roles/2', [onDelete({ status: 500, body: { code: 'internal', message: 'boom' } })]);
    await user.click(await screen.findByRole('button', { name: /Delete/ }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(roleMessages.deleteFailed)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/admin/roles/2'));
  });
});
