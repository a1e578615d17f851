import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { adaUser, installFakeApi } from '../../../testing/fake-api';
import { fakePointDataServer } from '../../../testing/fake-point-data';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 40_000 });

function open(permissions: ('pcs_admin' | 'vendor_data_view')[] = ['pcs_admin']) {
  const data = fakePointDataServer();
  data.state.sites = [
    { id: 1, site_name: 'North Campus', device_count: 2, point_count: 3, record_count: 1200 },
    { id: 2, site_name: 'Empty site', device_count: 0, point_count: 0, record_count: 0 },
  ];
  installFakeApi({ user: { ...adaUser, permissions }, handlers: [data.handler] });
  return { ...renderApp('/admin/pcs-sites'), data };
}

describe('PCS sites', () => {
  it('lists the sites with what they hold; deletes only an empty one', async () => {
    const { user, data } = open();
    const table = await screen.findByRole('table', { name: 'PCS sites' }, { timeout: 8000 });
    const north = (await within(table).findByText('North Campus')).closest('tr') as HTMLElement;
    expect(within(north).getByText('1,200')).toBeInTheDocument();
    expect(within(north).getByRole('button', { name: 'Delete' })).toBeDisabled();
    const empty = within(table).getByText('Empty site').closest('tr') as HTMLElement;
    await user.click(within(empty).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Empty site deleted.')).toBeInTheDocument();
    expect(data.state.sites.map((s) => s.site_name)).toEqual(['North Campus']);
  });

  it('renames a site, and says why when another site has the name', async () => {
    const { user, data } = open();
    data.state.sites.push({ id: 3, site_name: 'North campus', device_count: 1, point_count: 1, record_count: 5 });
    const row = (await screen.findByText('North campus', {}, { timeout: 8000 })).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByRole('textbox', { name: 'Site name' });
    fireEvent.change(input, { target: { value: 'North Campus' } });
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText('A PCS site named "North Campus" exists already: merge the two sites instead.')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'North Annex' } });
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Renamed to North Annex.')).toBeInTheDocument();
  });

  it('is refused without pcs_admin', async () => {
    open(['vendor_data_view']);
    expect(await screen.findByText('Managing PCS sites needs the permission Administer PCS and Syrx controllers (pcs_admin).', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
