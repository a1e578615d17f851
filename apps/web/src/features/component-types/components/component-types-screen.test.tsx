import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { componentMessages } from '@syrx/contracts/components';
import { adaUser, installFakeApi } from '../../../testing/fake-api';
import { componentType, fakeComponentTypesServer } from '../../../testing/fake-component-types';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 60_000 });

const manager = { ...adaUser, permissions: ['components_manage'] };
const dialogTitled = async (title: string) => (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('[role="dialog"]') as HTMLElement;
const tree = () => screen.getByRole('tree', { name: 'Component types' });

function open(inUse?: (id: number) => string | null) {
  const server = fakeComponentTypesServer({
    types: [
      componentType(1, null, 'Air Handling Unit', 0, { is_schedule_type: true, points: 1 }), componentType(2, null, 'Pump', 1, { is_schedule_type: true }),
      componentType(3, 1, 'Cooling', 0), componentType(4, 1, 'Heating', 1),
    ],
    points: [{ id: 9, component_id: 1, point_code: 'SAT', description: 'Supply Air Temperature', point_type: 'AI', sort_order: 0 }],
    generic: [{ id: 1, point_code: 'RAT', description: 'Return Air Temperature', point_type: 'AI' }],
    ...(inUse ? { inUse } : {}),
  });
  const api = installFakeApi({ user: manager, handlers: [server.handler] });
  return { ...renderApp('/admin/components'), api, server };
}

describe('Admin › Components', () => {
  it('shows the type tree, and a chosen type with its path and points', async () => {
    const { user } = open();
    await user.click(await screen.findByText('Air Handling Unit', undefined, { timeout: 15_000 }));
    expect(await screen.findByRole('table', { name: 'Points of Air Handling Unit' })).toBeInTheDocument();
    expect(await screen.findByText('Supply Air Temperature')).toBeInTheDocument();
    expect(within(tree()).getAllByText('schedule')).toHaveLength(2);
    // Expanding shows the children in their order; a child's panel names its path.
    await user.click(tree().querySelector('.ant-tree-switcher_close') as HTMLElement);
    expect(within(tree()).getAllByText(/^(Cooling|Heating)$/).map((e) => e.textContent?.trim())).toEqual(['Cooling', 'Heating']);
    await user.click(within(tree()).getByText('Heating'));
    expect(await screen.findByText('Air Handling Unit › Heating')).toBeInTheDocument();
    expect(await screen.findByText('No points')).toBeInTheDocument();
  });

  it('adds a type below the chosen one, moves a type, and refuses to mark a subtype as schedule type in the form', async () => {
    const { user, api, server } = open();
    await user.click(await screen.findByText('Air Handling Unit', undefined, { timeout: 15_000 }));
    await user.click(await screen.findByText('New type below'));
    const dialog = await dialogTitled('Add a type below Air Handling Unit');
    expect(within(dialog).queryByText(/schedule type/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByText('Save', { selector: 'button span' }));
    expect(await within(dialog).findByText(componentMessages.description)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Description'), 'Economizer');
    await user.click(within(dialog).getByText('Save', { selector: 'button span' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST' && c.path === '/api/v2/component-types')?.body).toEqual({ parent_id: 1, description: 'Economizer', is_schedule_type: false }));

    await user.click(screen.getByLabelText('Move down'));
    await waitFor(() => expect(server.state.types.find((t) => t.id === 1)?.sort_order).toBe(1));
    expect(api.calls.find((c) => c.path === '/api/v2/component-types/1/move')?.body).toEqual({ direction: 'down' });
  });

  it('adds a point picked from the generic points', async () => {
    const { user, api } = open();
    await user.click(await screen.findByText('Air Handling Unit', undefined, { timeout: 15_000 }));
    await user.click(await screen.findByText('New point'));
    const dialog = await dialogTitled('Add a point to Air Handling Unit');
    await user.type(within(dialog).getByLabelText('From generic points'), 'RA');
    await user.click(await screen.findByText('RAT — Return Air Temperature (AI)'));
    expect(within(dialog).getByLabelText('Point code')).toHaveValue('RAT');
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Return Air Temperature');
    await user.click(within(dialog).getByText('Save', { selector: 'button span' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST' && c.path === '/api/v2/component-types/1/points')?.body)
      .toEqual({ point_code: 'RAT', description: 'Return Air Temperature', point_type: 'AI' }));
  });

  it('shows why a type equipment uses cannot be deleted', async () => {
    const { user } = open((id) => (id === 2 ? componentMessages.typeInUse('Pump', 3) : null));
    await user.click(await screen.findByText('Pump', undefined, { timeout: 15_000 }));
    await user.click(await screen.findByText('Delete', { selector: 'button span' }));
    const dialog = await dialogTitled('Delete');
    await user.click(within(dialog).getByText('Delete', { selector: 'button span' }));
    expect(await within(dialog).findByText(componentMessages.typeInUse('Pump', 3))).toBeInTheDocument();
  });
});
