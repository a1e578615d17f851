import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { groupMessages } from '@syrx/contracts/groups';
import { type Handler, installFakeApi } from '../../../testing/fake-api';
import { fakeGroupsServer, groupsManager, member } from '../../../testing/fake-groups';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 25_000 });

function open(path: string, overrides: Handler[] = []) {
  const server = fakeGroupsServer(overrides);
  server.state.groups.push(
    { id: 2, name: 'North campus', parent_id: 1, require_two_factor: false },
    { id: 3, name: 'South campus', parent_id: 1, require_two_factor: false },
    { id: 4, name: 'Clinic', parent_id: 3, require_two_factor: false },
  );
  server.state.users.push(member(7, 'ana@example.com', 'Ana', 'Silva'), member(8, 'ben@example.com', 'Ben', 'Okafor'));
  server.state.members.set(3, [7]);
  const api = installFakeApi({ user: groupsManager, handlers: [server.handler] });
  return { ...renderApp(path), api, server };
}

const sent = (api: ReturnType<typeof open>['api'], method: string, path: string) => api.calls.filter((c) => c.method === method && c.path === path);
const tree = () => screen.findByRole('tree', { name: 'Group tree' }, { timeout: 8000 });

describe('groups screen', () => {
  it('loads the tree lazily and opens a group’s page with its members, subgroups and path', async () => {
    const { user, location } = open('/admin/groups');
    await user.click(await within(await tree()).findByText('Root'));
    await waitFor(() => expect(location()).toBe('/admin/groups/1'));
    expect(await screen.findByRole('heading', { name: 'Group: Root' })).toBeInTheDocument();
    await user.click(await within(await tree()).findByText('South campus'));
    expect(await screen.findByRole('heading', { name: 'Group: South campus' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Groups above' })).getByText('Root')).toBeInTheDocument();
    expect(await within(screen.getByRole('table', { name: 'Members of South campus' })).findByText('Ana Silva')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Subgroups (1)' }));
    expect(await within(screen.getByRole('table', { name: 'Subgroups' })).findByRole('link', { name: 'Clinic' })).toBeInTheDocument();
  });

  it('creates a subgroup, which opens and shows in the tree', async () => {
    const { api, user, location } = open('/admin/groups/2');
    expect(await screen.findByRole('heading', { name: 'Group: North campus' }, { timeout: 8000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /New subgroup/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('New subgroup of North campus')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(groupMessages.required)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), ' Annex ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/admin/groups/100'));
    expect(sent(api, 'POST', '/api/v2/groups')[0]?.body).toEqual({ name: 'Annex', parent_id: 2, require_two_factor: false });
    expect(await screen.findByRole('heading', { name: 'Group: Annex' })).toBeInTheDocument();
    expect(await within(await tree()).findByText('Annex')).toBeInTheDocument();
  });

  it('moves a group with the parent picker (never under itself) and sets two-factor sign-in', async () => {
    const { api, user, server } = open('/admin/groups/3');
    expect(await screen.findByRole('heading', { name: 'Group: South campus' }, { timeout: 8000 })).toBeInTheDocument();
    // The picker leaves the group itself (and so everything below it) out.
    await user.click(screen.getByRole('combobox', { name: 'Parent group' }));
    const picker = await waitFor(() => {
      const found = document.querySelector('.ant-select-tree');
      if (!(found instanceof HTMLElement)) throw new Error('the parent picker is not open');
      return found;
    });
    expect(within(picker).queryByText('Clinic')).not.toBeInTheDocument();
    const rootNode = within(picker).getAllByText('Root').at(-1)?.closest('.ant-select-tree-treenode');
    const switcher = rootNode?.querySelector('.ant-select-tree-switcher');
    if (!(switcher instanceof HTMLElement)) throw new Error('no expander on the root group');
    await user.click(switcher);
    await user.click(await within(picker).findByText('North campus'));
    expect(within(picker).queryByText('South campus')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Require two-factor sign-in' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(api, 'PUT', '/api/v2/groups/3')[0]?.body).toEqual({ name: 'South campus', parent_id: 2, require_two_factor: true }));
    const path = await screen.findByRole('navigation', { name: 'Groups above' });
    await waitFor(() => expect(within(path).getByText('North campus')).toBeInTheDocument());
    expect(server.state.groups.find((g) => g.id === 3)).toMatchObject({ parent_id: 2, require_two_factor: true });
    // The tree shows it where it is now: under North campus, two levels down.
    const depthOf = (name: string) => within(document.querySelector('.ant-tree') as HTMLElement).getByText(name).closest('.ant-tree-treenode')?.querySelectorAll('.ant-tree-indent-unit').length;
    await waitFor(() => expect(depthOf('South campus')).toBe(2));
    expect(await screen.findByRole('checkbox', { name: 'Require two-factor sign-in' })).toBeChecked();
  });

  it('shows a refused move under the parent field', async () => {
    const refuse: Handler = (call) => (call.method === 'PUT' ? { status: 400, body: { code: 'validation_failed', message: groupMessages.cycle, fields: [{ field: 'parent_id', message: groupMessages.cycle }] } } : undefined);
    const { user } = open('/admin/groups/3', [refuse]);
    await user.click(await screen.findByRole('button', { name: 'Save' }, { timeout: 8000 }));
    expect(await screen.findByText(groupMessages.cycle)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a name in use under the name', async () => {
    const { user } = open('/admin/groups/3');
    const name = await screen.findByLabelText('Name', {}, { timeout: 8000 });
    await user.clear(name);
    await user.type(name, 'north CAMPUS');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(groupMessages.nameTaken('north CAMPUS'))).toBeInTheDocument();
  });

  it('shows what still hangs on a group when the server refuses to delete it, and deletes an empty one', async () => {
    const { user, location, server } = open('/admin/groups/3');
    await user.click(await screen.findByRole('button', { name: /Delete/ }, { timeout: 8000 }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(groupMessages.inUse('South campus', '1 members and 1 subgroups'))).toBeInTheDocument();
    expect(server.state.groups.some((g) => g.id === 3)).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(await within(await tree()).findByText('Clinic'));
    expect(await screen.findByRole('heading', { name: 'Group: Clinic' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Delete/ }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location()).toBe('/admin/groups/3'));
    expect(server.state.groups.some((g) => g.id === 4)).toBe(false);
  });

  it('adds a member found by name and removes one', async () => {
    const { api, user } = open('/admin/groups/3');
    const table = await screen.findByRole('table', { name: 'Members of South campus' }, { timeout: 8000 });
    expect(await within(table).findByText('Ana Silva')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Find users' }), 'oka');
    const found = await screen.findByRole('table', { name: 'Users to add' });
    await user.click(await within(found).findByLabelText('Add ben@example.com'));
    expect(await within(table).findByText('Ben Okafor')).toBeInTheDocument();
    expect(sent(api, 'PUT', '/api/v2/groups/3/members')[0]?.body).toEqual({ user_ids: [7, 8] });

    await user.click(within(table).getByLabelText('Remove ana@example.com'));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(table).queryByText('Ana Silva')).not.toBeInTheDocument());
    expect(sent(api, 'PUT', '/api/v2/groups/3/members')[1]?.body).toEqual({ user_ids: [8] });
  });

  it('says when a group is not there', async () => {
    open('/admin/groups/999');
    expect(await screen.findByText('Group not found', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
