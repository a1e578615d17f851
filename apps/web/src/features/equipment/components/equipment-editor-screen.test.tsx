import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { ComponentMatch, ComponentNode } from '@syrx/contracts/components';
import type { Equipment } from '@syrx/contracts/equipment';
import { type RecordedCall, adaUser, installFakeApi } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 30_000 });

const node = (id: number, description: string, children: ComponentNode[] = []): ComponentNode => ({ id, description, children });
const match = (id: number, description: string, ancestors: string[] = []): ComponentMatch => ({ id, description, ancestors, is_schedule_type: ancestors.length === 0 });
const pumpTypes = [node(21, 'Service', [node(22, 'Chilled Water', [node(23, 'Primary')]), node(24, 'Condenser Water')]), node(25, 'Speed Control', [node(26, 'Constant Speed'), node(27, 'Variable Frequency Drive')])];
const created: Equipment = {
  id: 40, name: 'P-1', description: null, department: null, model: null, manufacturer: null, serial: null, install_date: null, demo_date: null, location: null,
  group_id: 2, component_id: 20, component_description: 'Pump', project_id: null, points: [], sub_components: [23, 27],
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
  it('picks a component by typeahead, one type per category (None by default), and sends them with the current group', async () => {
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

    await waitFor(() => expect(location()).toBe('/commissioning/equipment/editor?id=40'));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      equipment: { name: 'P-1', description: null, department: null, model: null, manufacturer: null, serial: null, install_date: null, demo_date: null, location: null, group_id: 2, component_id: 20 },
      sub_components: [23, 27],
    });
    expect(await screen.findByText('Edit Equipment')).toBeInTheDocument();
    expect(await screen.findByLabelText('Component')).toHaveValue('Pump');
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
