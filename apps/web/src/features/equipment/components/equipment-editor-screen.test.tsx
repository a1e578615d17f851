import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ComponentMatch, ComponentNode } from '@syrx/contracts/components';
import type { Equipment } from '@syrx/contracts/equipment';
import { type RecordedCall, adaUser, installFakeApi } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 60_000 });

const node = (id: number, description: string, children: ComponentNode[] = []): ComponentNode => ({ id, description, children });
const match = (id: number, description: string, ancestors: string[] = []): ComponentMatch => ({ id, description, ancestors, is_schedule_type: ancestors.length === 0 });
const pumpTypes = [node(21, 'Service', [node(22, 'Chilled Water', [node(23, 'Primary')]), node(24, 'Condenser Water')]), node(25, 'Speed Control', [node(26, 'Constant Speed'), node(27, 'Variable Frequency Drive')])];
const created: Equipment = {
  id: 40, name: 'P-1', description: null, department: null, model: null, manufacturer: null, serial: null, install_date: null, demo_date: null, location: null,
  group_id: 2, component_id: 20, component_description: 'Pump', project_id: null, sub_components: [23, 27],
  points: [
    { id: 1, component_point_id: 201, point_code: 'SS', point_type: 'BO', description: 'Start/Stop' },
    { id: 2, component_point_id: 202, point_code: 'NOTE', point_type: 'NP', description: 'Nameplate note' },
  ],
};

function server(call: RecordedCall) {
  const path = decodeURIComponent(call.path);
  if (path.startsWith('/api/v2/components/typeahead/')) {
    const text = path.split('/').at(-1)?.toLowerCase() ?? '';
    return { status: 200, body: [match(20, 'Pump'), match(30, 'Variable Frequency Drive', ['Pump', 'Speed Control'])].filter((m) => m.description.toLowerCase().includes(text)) };
  }
  if (path === '/api/v2/components/20/descendents') return { status: 200, body: pumpTypes };
  if (call.method === 'POST' && path === '/api/v2/equipments') return { status: 201, body: created };
  if (path === '/api/v2/equipments/40') return { status: 200, body: created };
  return undefined;
}

describe('the standalone equipment editor', () => {
  it('picks a component by typeahead, one type per category (None by default), sends them with the current group, then resets and opens the point editor', async () => {
    const api = installFakeApi({ user: { ...adaUser, permissions: ['equipment_manage'] }, handlers: [server] });
    const { user, location } = renderApp('/commissioning/equipment/editor');
    const component = await screen.findByRole('combobox', { name: 'Component' }, { timeout: 8000 });
    expect(screen.getByText('Add Equipment')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Choose a component')).toBeInTheDocument();

    await user.type(component, 'pu');
    await user.click(await screen.findByTitle('Pump', {}, { timeout: 5000 }));
    expect(await screen.findByRole('combobox', { name: 'Service' })).toBeInTheDocument();
    expect(screen.getAllByTitle('None')).toHaveLength(2);
    await user.click(screen.getByRole('combobox', { name: 'Service' }));
    await user.click(await screen.findByTitle('Chilled Water › Primary'));
    await user.click(screen.getByRole('combobox', { name: 'Speed Control' }));
    await user.click(await screen.findByTitle('Variable Frequency Drive'));
    await user.type(screen.getByLabelText('Name'), 'P-1');
    await user.type(screen.getByLabelText('Install Date'), 'soon');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    // Spec 02 section 4: a successful create resets the form and opens the point editor of the new equipment.
    const points = await screen.findByRole('region', { name: 'Point Selection' });
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      equipment: { name: 'P-1', description: null, department: null, model: null, manufacturer: null, serial: null, install_date: null, demo_date: null, location: null, group_id: 2, component_id: 20 },
      sub_components: [23, 27],
    });
    expect(location()).toBe('/commissioning/equipment/editor');
    expect(screen.getByText('Add Equipment')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
    expect(screen.getByRole('combobox', { name: 'Component' })).toHaveValue('');
    expect(screen.queryByRole('combobox', { name: 'Service' })).not.toBeInTheDocument();
    // Its points but NP; no project, so no choices to submit.
    expect(within(points).getByText('Start/Stop')).toBeInTheDocument();
    expect(within(points).queryByText('Nameplate note')).not.toBeInTheDocument();
    expect(within(points).queryByRole('radiogroup')).not.toBeInTheDocument();
    await user.click(within(points).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Point Selection' })).not.toBeInTheDocument());
  });

  it('resets to an empty Add Equipment after a successful update, without the point editor', async () => {
    const api = installFakeApi({ user: { ...adaUser, permissions: ['equipment_manage'] }, handlers: [server] });
    const { user, location } = renderApp('/commissioning/equipment/editor?id=40');
    expect(await screen.findByText('Edit Equipment', {}, { timeout: 8000 })).toBeInTheDocument();
    const name = await screen.findByLabelText('Name');
    await waitFor(() => expect(name).toHaveValue('P-1'));
    await user.type(name, 'a');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(location()).toBe('/commissioning/equipment/editor'));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ equipment: { name: 'P-1a' } });
    expect(await screen.findByText('Add Equipment')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.queryByRole('region', { name: 'Point Selection' })).not.toBeInTheDocument();
  });

  it('starts again empty on Cancel', async () => {
    installFakeApi({ user: adaUser, handlers: [server] });
    const { user } = renderApp('/commissioning/equipment/editor');
    const component = await screen.findByRole('combobox', { name: 'Component' }, { timeout: 8000 });
    await user.type(component, 'pump');
    await user.click(await screen.findByTitle('Pump', {}, { timeout: 5000 }));
    await user.type(screen.getByLabelText('Name'), 'P-2');
    expect(await screen.findByRole('combobox', { name: 'Speed Control' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
    expect(screen.getByRole('combobox', { name: 'Component' })).toHaveValue('');
    expect(screen.queryByRole('combobox', { name: 'Speed Control' })).not.toBeInTheDocument();
  });
});
