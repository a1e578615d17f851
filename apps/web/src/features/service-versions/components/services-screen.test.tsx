import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { adaUser, installFakeApi } from '../../../testing/fake-api';
import { adminUser } from '../../../testing/fake-controllers';
import { artifact, fakeServiceVersionsServer } from '../../../testing/fake-service-versions';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 30_000 });

const reporting = 'Syrx.Services.ReportingService';
const page = '/admin/syrx-controller-services';

function withVersions() {
  const server = fakeServiceVersionsServer();
  server.state.artifacts = [artifact(1, reporting, { git_revision: 'a1b2c3d' }), artifact(2, reporting, { git_revision: 'e4f5a6b' })];
  server.state.versions = [
    { service_id: reporting, version_name: '1.1.0', syrx_controller_service_artifact_id: 2, is_locked: false },
    { service_id: reporting, version_name: '1.0.0', syrx_controller_service_artifact_id: 1, is_locked: true },
  ];
  return server;
}

describe('Syrx controller services', () => {
  it('lists every service type with its versions, their artifact and lock, each linking to its editor', async () => {
    installFakeApi({ user: adminUser, handlers: [withVersions().handler] });
    const { user, location } = renderApp(page);
    const card = await screen.findByRole('region', { name: reporting }, { timeout: 8000 });
    expect(screen.getByRole('region', { name: 'Syrx.UpdaterService' })).toHaveTextContent('No versions published yet: controllers run the built-in version 1.0.0');
    const rows = within(within(card).getByRole('table', { name: `Versions of ${reporting}` })).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringMatching(/^1\.1\.0e4f5a6b03\/07\/2025.*No$/), expect.stringMatching(/^1\.0\.0a1b2c3d03\/07\/2025.*Locked$/)]);
    await user.click(within(card).getByRole('link', { name: '1.0.0' }));
    await waitFor(() => expect(location()).toBe(`/admin/syrx-controller-services/${reporting}/versions/1.0.0`));
  });

  it('leads New version to the form for that service', async () => {
    installFakeApi({ user: adminUser, handlers: [withVersions().handler] });
    const { user, location } = renderApp(page);
    const card = await screen.findByRole('region', { name: reporting }, { timeout: 8000 });
    await user.click(within(card).getByRole('button', { name: /New version/ }));
    await waitFor(() => expect(location()).toBe(`/admin/syrx-controller-service-versions/new?serviceId=${reporting}`));
  });

  it('uploads a package with its git revision as the request body, and lists the new artifact', async () => {
    const server = withVersions();
    const api = installFakeApi({ user: adminUser, handlers: [server.handler] });
    const { user } = renderApp(page);
    const card = await screen.findByRole('region', { name: reporting }, { timeout: 8000 });
    await user.click(within(card).getByRole('button', { name: /Upload artifact/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload artifact' });
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['package bytes'], 'reporting-1.2.0.tar.gz', { type: 'application/gzip' }));
    expect(within(dialog).getByText(/reporting-1\.2\.0\.tar\.gz \(13 bytes\)/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Git revision'), '9f8e7d6');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText(/Artifact #50 of Syrx.Services.ReportingService was published/)).toBeInTheDocument();
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe(`/api/v2/syrx-controller-service-types/${reporting}/artifacts?git_revision=9f8e7d6&file_name=reporting-1.2.0.tar.gz`);
    expect(post?.contentType).toBe('application/octet-stream');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload artifact' })).not.toBeInTheDocument());

    await user.click(within(card).getByText('Artifacts'));
    const artifacts = await within(card).findByRole('table', { name: `Artifacts of ${reporting}` });
    await waitFor(() => expect(within(artifacts).getAllByRole('row').slice(1).map((r) => r.textContent?.slice(0, 10))).toEqual(['#509f8e7d6', '#2e4f5a6b0', '#1a1b2c3d0']));
    expect(within(artifacts).getByRole('link', { name: 'Download artifact #50' })).toHaveAttribute('href', `/api/v2/syrx-controller-service-types/${reporting}/artifacts/50/package`);
  });

  it('lets a user without pcs_admin look but not change anything', async () => {
    installFakeApi({ user: { ...adaUser, permissions: ['projects_manage'] }, handlers: [withVersions().handler] });
    renderApp(page);
    const card = await screen.findByRole('region', { name: reporting }, { timeout: 8000 });
    expect(screen.getByText('Publishing and changing service versions needs the permission Administer PCS and Syrx controllers (pcs_admin).')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /New version/ })).toBeDisabled();
    expect(within(card).getByRole('button', { name: /Upload artifact/ })).toBeDisabled();
  });
});
