import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { adaUser, installFakeApi } from '../../../testing/fake-api';
import { fakePurchasingServer } from '../../../testing/fake-purchasing';
import { renderApp } from '../../../testing/render-app';
import { retype } from '../../../testing/user-steps';

vi.setConfig({ testTimeout: 30_000 });

const editor = { ...adaUser, permissions: ['projects_manage', 'syrx_categories_manage'] };

describe('the purchasing catalogue screen', () => {
  it('tells a user without syrx_categories_manage that editing needs it', async () => {
    installFakeApi({ user: adaUser, handlers: [fakePurchasingServer().handler] });
    renderApp('/admin/syrx-catalogue');
    expect(await screen.findByText('Editing the purchasing catalogue needs the permission syrx_categories_manage.')).toBeInTheDocument();
  });

  it('is reached from the purchasing page and adds a controller size, showing the server\'s refusal under its field', async () => {
    const server = fakePurchasingServer();
    const api = installFakeApi({ user: editor, handlers: [server.handler] });
    const { user } = renderApp('/purchasing');
    await user.click(await screen.findByText('Edit the catalogue', undefined, { timeout: 15_000 }));
    const sizes = await screen.findByRole('table', { name: 'Controller sizes' });
    expect(within(sizes).getByText('Syrx Controller M (16 nodes)')).toBeInTheDocument();

    // By text: role queries over antd's buttons are very slow in jsdom once many of its styles are in the page.
    await user.click(screen.getByText('New controller size'));
    const dialog = await screen.findByRole('dialog', { name: 'Add controller size' });
    await user.click(within(dialog).getByText('Save', { selector: 'button span' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'Syrx Controller XL (64 nodes)');
    await user.type(within(dialog).getByLabelText('Price (USD)'), '1000000');
    await user.type(within(dialog).getByLabelText('Number of nodes'), '64');
    await user.click(within(dialog).getByText('Save', { selector: 'button span' }));
    expect(await within(dialog).findByText('Enter a price of at most $999,999.99')).toBeInTheDocument();

    await retype(user, within(dialog).getByLabelText('Price (USD)'), '11250');
    await user.click(within(dialog).getByText('Save', { selector: 'button span' }));
    expect(await within(sizes).findByText('Syrx Controller XL (64 nodes)')).toBeInTheDocument();
    expect(within(sizes).getByText('$11,250.00')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST' && c.path === '/api/v2/syrx-controller-sizes').at(-1)?.body)
      .toEqual({ name: 'Syrx Controller XL (64 nodes)', price: 11_250, number_of_nodes: 64, sort_order: 0 });
  });
});
