import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { type Handler, type RecordedCall, adaUser, installFakeApi } from '../../../testing/fake-api';
import { fakeJobsServer } from '../../../testing/fake-jobs';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 20_000 });

const uploader = { ...adaUser, permissions: ['move_vendor_point_records' as const] };
const imports = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/v2/imports/'));
const csv = 'vendor,id_field_1,id_field_2,id_field_3,timestamp,value\nJCI,VAV-3,ZN-T,,2025-03-07T14:00:00Z,21.5\n';

function open(overrides: Handler[] = []) {
  const api = installFakeApi({ user: uploader, handlers: [fakeJobsServer(overrides).handler] });
  return { ...renderApp('/report-data/import'), api };
}

async function chooseAndImport(user: ReturnType<typeof open>['user'], card: string, text: string) {
  const region = await screen.findByRole('region', { name: card }, { timeout: 8000 });
  const input = region.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, new File([text], 'records.csv', { type: 'text/csv' }));
  await user.click(within(region).getByRole('button', { name: 'Import' }));
  return region;
}

describe('import screen', () => {
  it('describes the expected headers, posts the file as text/csv and links to the queued job', async () => {
    const { api, user } = open();
    const vendor = await screen.findByRole('region', { name: 'Vendor point records CSV' }, { timeout: 8000 });
    expect(within(vendor).getByText('vendor,id_field_1,id_field_2,id_field_3,timestamp,value')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'PCS points CSV' })).getByText('site_name,device_name,point_name,timestamp,value')).toBeInTheDocument();
    expect(within(vendor).getByRole('button', { name: 'Import' })).toBeDisabled();

    await chooseAndImport(user, 'Vendor point records CSV', csv);
    expect(await within(vendor).findByText('Import queued as job 100')).toBeInTheDocument();
    expect(within(vendor).getByRole('link', { name: 'View the logs of job 100' })).toHaveAttribute('href', '/admin/jobs/100/logs');
    expect(imports(api.calls)).toEqual([expect.objectContaining({ path: '/api/v2/imports/vendor-point-records?file_name=records.csv', contentType: 'text/csv', body: csv })]);
  });

  it("shows the server's reason when it refuses the file", async () => {
    const refuse: Handler = (c) => (c.method === 'POST' ? { status: 400, body: { code: 'bad_request', message: 'The header must be site_name,device_name,point_name[,timestamp,value].' } } : undefined);
    const { api, user } = open([refuse]);
    const region = await chooseAndImport(user, 'PCS points CSV', 'site,device\n');
    expect(await within(region).findByText('The header must be site_name,device_name,point_name[,timestamp,value].')).toBeInTheDocument();
    expect(imports(api.calls).map((c) => c.path)).toEqual(['/api/v2/imports/pcs-points?file_name=records.csv']);
  });

  it('is refused without move_vendor_point_records or pcs_admin, group_data_upload included', async () => {
    installFakeApi({ user: { ...adaUser, permissions: ['group_data_upload', 'group_data_view'] }, handlers: [fakeJobsServer().handler] });
    renderApp('/report-data/import');
    expect(await screen.findByText('Importing data needs the permission Move vendor point records (move_vendor_point_records) or Administer PCS and Syrx controllers (pcs_admin).', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
