import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { roleMessages } from '@syrx/contracts/roles';
import { type Handler, notFound, onDelete } from '../../../testing/fake-api';
import { fakeRolesServer, groupRole, rolesManager } from '../../../testing/fake-roles';
import { renderWithApi } from '../../../testing/render-app';
import { deleteAndConfirm } from '../../../testing/user-steps';

vi.setConfig({ testTimeout: 25_000 });

function open(path: string, overrides: Handler[] = []) {
  const server = fakeRolesServer(overrides);
  server.state.groupRoles = [
    groupRole(5, 'Controller managers', 'Manage the controllers of a group', ['group_controllers_manage']),
    groupRole(6, 'Data viewers', 'See the data', ['group_data_view']),
  ];
  return { ...renderWithApi(path, { user: rolesManager, handlers: [server.handler], groups: { roots: [{ id: 2, name: 'Acme Buildings', has_children: false }] } }), server };
}

const sent = (api: ReturnType<typeof open>['api'], method: string, path: string) => api.calls.filter((c) => c.method === method && c.path === path);

describe('group roles', () => {
  it('lists group roles with their group permissions, filters by description and sorts', async () => {
    const { api, user } = open('/admin/group-roles');
    const grid = await screen.findByRole('table', { name: 'Group roles' }, { timeout: 8000 });
    expect(await within(grid).findByRole('link', { name: 'Controller managers' })).toHaveAttribute('href', '/admin/group-roles/5');
    expect(within(grid).getByText('Manage the group’s Syrx controllers')).toHaveAttribute('title', 'group_controllers_manage');
    expect(within(grid).queryByText('group_controllers_manage')).not.toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Description' }), 'data{Enter}');
    await waitFor(() => expect(within(grid).queryByRole('link', { name: 'Controller managers' })).not.toBeInTheDocument());
    const last = () => new URLSearchParams(api.calls.filter((c) => c.path.startsWith('/api/v2/group-roles?')).at(-1)?.path.split('?')[1]);
    expect(last().get('filter[0][field]')).toBe('description');
    await user.click(within(grid).getByRole('columnheader', { name: /Name/ }));
    await waitFor(() => expect(last().get('sort')).toBe('name:desc'));
  });

  it("requires name and description ('Required'), and creates a group role with group permissions of the catalogue", async () => {
    const { api, user, location } = open('/admin/group-roles/new');
    await user.click(await screen.findByRole('button', { name: 'Save' }, { timeout: 8000 }));
    expect(await screen.findAllByText(roleMessages.required)).toHaveLength(2);

    await user.type(screen.getByLabelText('Name'), 'Uploaders');
    await user.type(screen.getByLabelText('Description'), 'Upload point data for a group');
    await user.click(await screen.findByRole('checkbox', { name: /Upload point data for the group/ }));
    await user.click(screen.getByRole('checkbox', { name: /View the point data of the group/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/admin/group-roles/100'));
    expect(sent(api, 'POST', '/api/v2/group-roles')[0]?.body).toEqual({ name: 'Uploaders', description: 'Upload point data for a group', group_permissions: ['group_data_upload', 'group_data_view'] });
    expect(await screen.findByRole('heading', { name: 'Group role: Uploaders' })).toBeInTheDocument();
  });

  it('edits name, description and group permissions through the group role and its group-permissions calls', async () => {
    const { api, user } = open('/admin/group-roles/6');
    expect(await screen.findByRole('heading', { name: 'Group role: Data viewers' }, { timeout: 8000 })).toBeInTheDocument();
    expect(sent(api, 'GET', '/api/v2/group-roles/6/group-permissions')).toHaveLength(1);
    expect(await screen.findByRole('checkbox', { name: /View the point data of the group/ })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: /Manage the projects of the group/ }));
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'Data and projects');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(api, 'PUT', '/api/v2/group-roles/6/group-permissions')[0]?.body).toEqual(['group_data_view', 'group_projects_manage']));
    expect(sent(api, 'PUT', '/api/v2/group-roles/6')[0]?.body).toEqual({ name: 'Data viewers', description: 'Data and projects' });
  });

  it('gives the group role to a user in the current group', async () => {
    const { api, user } = open('/admin/group-roles/5');
    const holders = await screen.findByRole('table', { name: 'Users with the group role Controller managers' }, { timeout: 8000 });
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'dana@example.com');
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    await waitFor(() => expect(sent(api, 'POST', '/api/v2/group-roles/5/users')[0]?.body).toEqual({ username: 'dana@example.com', group_id: 2 }));
    expect(await within(holders).findByText('dana@example.com')).toBeInTheDocument();
  });

  it('shows a not-found state when the group role does not exist', async () => {
    open('/admin/group-roles/404');
    expect(await screen.findByText('Group role not found', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it("says 'Item could not be found' when deleting a group role that is gone", async () => {
    const { user, location } = open('/admin/group-roles/5', [onDelete(notFound('The group role'))]);
    await deleteAndConfirm(user);
    expect(await screen.findByText(roleMessages.deleteNotFound)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/admin/group-roles'));
  });
});
