import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { catalogueMessages } from '@syrx/contracts/catalogues';
import { adaUser, installFakeApi, type RecordedCall } from '../../testing/fake-api';
import { fakeCatalogueServer } from '../../testing/fake-catalogues';
import { renderApp } from '../../testing/render-app';

vi.setConfig({ testTimeout: 60_000 });

const admin = { ...adaUser, permissions: ['utility_companies_manage', 'contact_categories_manage'] };
const company = (id: number, name: string, service_type = 'electric') => ({ id, name, service_type, website: null, phone: null });
/** The open dialog of this title (by text: role queries over a page full of antd are very slow in jsdom). */
const dialogTitled = async (title: string) => (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('[role="dialog"]') as HTMLElement;
const pages = (calls: RecordedCall[], path: string) => calls.filter((c) => c.method === 'GET' && c.path.startsWith(`${path}?`)).map((c) => new URLSearchParams(c.path.split('?')[1]));

function openCompanies() {
  const server = fakeCatalogueServer('/api/v2/utility-companies', {
    key: 'name', what: 'utility company', required: { name: catalogueMessages.name }, rows: [company(1, 'Eversource', 'both'), company(2, 'National Grid')],
  });
  const api = installFakeApi({ user: admin, handlers: [server.handler] });
  return { ...renderApp('/admin/utility-companies'), api, server };
}

describe('the shared Admin catalogue screen', () => {
  it('asks the server for a page sorted by the key, and filters it', async () => {
    const { api, user } = openCompanies();
    const grid = await screen.findByRole('table', { name: 'Utility companies' }, { timeout: 15_000 });
    expect(await within(grid).findByText('Eversource')).toBeInTheDocument();
    expect(pages(api.calls, '/api/v2/utility-companies')[0]?.toString()).toBe('pageNum=1&pageSize=20&sort=name%3Aasc');

    await user.type(screen.getByRole('searchbox', { name: 'Name' }), 'grid{Enter}');
    await waitFor(() => expect(pages(api.calls, '/api/v2/utility-companies').at(-1)?.get('filter[0][value]')).toBe('grid'));
    expect(pages(api.calls, '/api/v2/utility-companies').at(-1)?.get('filter[0][operator]')).toBe('contains');
    await waitFor(() => expect(within(grid).queryByText('Eversource')).not.toBeInTheDocument());
  });

  it('adds a row in the editor, showing the server\'s refusals under their fields', async () => {
    const { api, user } = openCompanies();
    await screen.findByText('Eversource', undefined, { timeout: 15_000 });
    await user.click(screen.getByText('New utility company'));
    const dialog = await dialogTitled('New utility company');
    await user.type(within(dialog).getByLabelText('Name'), 'EVERSOURCE');
    await user.click(within(dialog).getByLabelText('Service'));
    await user.click(await screen.findByTitle('gas'));
    await user.click(within(dialog).getByText('Save', { selector: 'button span' }));
    expect(await within(dialog).findByText('A utility company "EVERSOURCE" already exists.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), ' Unitil ');
    await user.type(within(dialog).getByLabelText('Website'), 'unitil');
    await user.click(within(dialog).getByText('Save', { selector: 'button span' }));
    expect(await within(dialog).findByText(catalogueMessages.website)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Website'));
    await user.click(within(dialog).getByText('Save', { selector: 'button span' }));
    expect(await screen.findByText('Unitil')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ name: 'Unitil', service_type: 'gas', website: null, phone: null });
  });

  it('edits a row in the same editor, filled with the row', async () => {
    const { api, user } = openCompanies();
    await user.click(await screen.findByLabelText('Edit National Grid', undefined, { timeout: 15_000 }));
    const edit = await dialogTitled('Edit utility company');
    expect(within(edit).getByLabelText('Name')).toHaveValue('National Grid');
    await user.type(within(edit).getByLabelText('Phone'), '800');
    await user.click(within(edit).getByText('Save', { selector: 'button span' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT').at(-1)).toMatchObject({ path: '/api/v2/utility-companies/2', body: { name: 'National Grid', phone: '800' } }));
  });

  it('keeps the delete dialog open with the server\'s reason when the row is in use, and deletes an unused one', async () => {
    const server = fakeCatalogueServer('/api/v2/contact-categories', {
      key: 'name', what: 'contact category', required: { name: catalogueMessages.name },
      rows: [{ id: 1, name: 'Owner', contacts: 2 }, { id: 2, name: 'Engineer', contacts: 0 }], inUse: (r) => Number(r.contacts),
    });
    installFakeApi({ user: admin, handlers: [server.handler] });
    const { user } = renderApp('/admin/contact-categories');
    await user.click(await screen.findByLabelText('Delete Owner', undefined, { timeout: 15_000 }));
    const dialog = await dialogTitled('Delete');
    expect(within(dialog).getByText(/Used by 2 contacts/)).toBeInTheDocument();
    await user.click(within(dialog).getByText('Delete', { selector: 'button span' }));
    expect(await within(dialog).findByText('The contact category "Owner" cannot be deleted: 2 use it.')).toBeInTheDocument();
    await user.click(within(dialog).getByText('Cancel', { selector: 'button span' }));

    await user.click(screen.getByLabelText('Delete Engineer'));
    await user.click(within(await dialogTitled('Delete')).getByText('Delete', { selector: 'button span' }));
    await waitFor(() => expect(screen.queryByText('Engineer')).not.toBeInTheDocument());
    expect(server.state.rows.map((r) => r.name)).toEqual(['Owner']);
  });
});
