import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { Contact } from '@syrx/contracts/contacts';
import type { Project } from '@syrx/contracts/projects';
import { type Handler, type RecordedCall, adaUser, installFakeApi } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 30_000 });

const contact = (id: number, first: string, last: string): Contact => ({
  id, group_id: 2, first_name: first, last_name: last, full_name: `${first} ${last}`, company: null, title: null, email: null, phone: null, category_id: null, category_name: null,
});
const people = [contact(3, 'Maria', 'Delgado'), contact(5, 'Priya', 'Raman')];
const stored: Project = {
  id: 9, name: 'Retrofit', address: null, customer_project_id: null, architect_project_id: null, start_date: '2026-03-02T00:00:00.000Z',
  complete_date: null, estimated_cost: '900', owner_id: 3, comm_authority_id: null, engineer_id: null, group_id: 2,
};

/** The project calls as the server answers them; `refuse` answers the saves instead when set. */
function server(refuse?: { status: number; body: unknown }): Handler {
  return (call: RecordedCall) => {
    const path = call.path.split('?')[0];
    if (call.method === 'GET' && path === '/api/v2/groups/2/contacts') return { status: 200, body: people };
    if (call.method === 'GET' && path === '/api/v2/groups/2/projects') return { status: 200, body: { items: [stored], total: 1 } };
    if (call.method === 'GET' && path === '/api/v2/projects/9') return { status: 200, body: stored };
    if (refuse && (call.method === 'POST' || call.method === 'PUT')) return refuse;
    if (call.method === 'POST' && path === '/api/v2/projects') return { status: 201, body: { ...stored, id: 10, ...(call.body as object) } };
    if (call.method === 'PUT' && path === '/api/v2/projects/9') return { status: 200, body: { ...stored, ...(call.body as object) } };
    return undefined;
  };
}

/** Picks an option of an antd select; the newest open dropdown comes last in the document. */
async function choose(user: UserEvent, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  const options = await screen.findAllByTitle(option, {}, { timeout: 5000 });
  await user.click(options.at(-1) as HTMLElement);
}

describe('the project editor', () => {
  it('adds a project with its dates as UTC timestamps and an owner chosen then cleared as null', async () => {
    const api = installFakeApi({ user: adaUser, handlers: [server()] });
    const { user, location } = renderApp('/project/editor');
    const submit = await screen.findByRole('button', { name: 'Submit' }, { timeout: 8000 });
    expect(screen.getByText('Add Project')).toBeInTheDocument();
    expect(screen.getByTitle('Select Owner')).toBeInTheDocument();
    expect(screen.getByTitle('Select Engineer')).toBeInTheDocument();
    await user.click(submit);
    expect(await screen.findByText('Name is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Name'), 'Central plant');
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-03-02' } });
    await user.type(screen.getByLabelText('Estimated Cost'), '2,450,000');
    await choose(user, 'Owner', 'Maria Delgado');
    await choose(user, 'Engineer', 'Priya Raman');
    // Cleared again: the empty option now reads 'No Owner'.
    await choose(user, 'Owner', 'No Owner');
    await user.click(submit);

    await waitFor(() => expect(location()).toBe('/projects'));
    expect(api.calls.find((c) => c.method === 'POST' && c.path === '/api/v2/projects')?.body).toEqual({
      name: 'Central plant', address: null, customer_project_id: null, architect_project_id: null, start_date: '2026-03-02T00:00:00.000Z', complete_date: null,
      estimated_cost: '2,450,000', owner_id: null, comm_authority_id: null, engineer_id: 5, group_id: 2,
    });
  });

  it('edits a project with its id, and shows the specification\'s messages when a save fails', async () => {
    const api = installFakeApi({ user: adaUser, handlers: [server({ status: 500, body: { code: 'internal', message: 'boom' } })] });
    const { user } = renderApp('/project/editor/9');
    const name = await screen.findByLabelText('Name', {}, { timeout: 8000 });
    expect(screen.getByText('Edit Project')).toBeInTheDocument();
    expect(name).toHaveValue('Retrofit');
    expect(screen.getByLabelText('Start Date')).toHaveValue('2026-03-02');
    expect(screen.getByTitle('Maria Delgado')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Project update failed. Please try again later.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ id: 9, group_id: 2, owner_id: 3, start_date: '2026-03-02T00:00:00.000Z' });
  });
});
