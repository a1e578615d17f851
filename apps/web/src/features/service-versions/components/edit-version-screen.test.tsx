import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Handler } from '../../../testing/fake-api';
import { installFakeApi } from '../../../testing/fake-api';
import { adminUser } from '../../../testing/fake-controllers';
import { artifact, fakeServiceVersionsServer } from '../../../testing/fake-service-versions';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 30_000 });

const reporting = 'Syrx.Services.ReportingService';
const editor = (version: string) => `/admin/syrx-controller-services/${reporting}/versions/${version}`;
const refuse = (method: string): Handler => (call) => (call.method === method ? { status: 500, body: { code: 'internal', message: 'broken' } } : undefined);

function open(version: string, overrides: Handler[] = []) {
  const server = fakeServiceVersionsServer(overrides);
  server.state.artifacts = [artifact(1, reporting, { git_revision: 'a1b2c3d' }), artifact(2, reporting, { git_revision: 'e4f5a6b' })];
  server.state.versions = [
    { service_id: reporting, version_name: '1.0.0', syrx_controller_service_artifact_id: 1, is_locked: true },
    { service_id: reporting, version_name: '1.1.0', syrx_controller_service_artifact_id: 1, is_locked: false },
  ];
  const api = installFakeApi({ user: adminUser, handlers: [server.handler] });
  return { ...renderApp(editor(version)), api, server };
}

describe('edit service version', () => {
  it('shows only an info dialog for a locked version, whose OK goes back to the list', async () => {
    const { user, location } = open('1.0.0');
    const dialog = await screen.findByRole('dialog', { name: 'Version locked' }, { timeout: 8000 });
    expect(dialog).toHaveTextContent('Version 1.0.0 of Syrx.Services.ReportingService is locked. A locked version can be neither edited nor deleted.');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location()).toBe('/admin/syrx-controller-services'));
  });

  it('keeps service and version fixed, changes the artifact and locks the version', async () => {
    const { user, api, location, server } = open('1.1.0');
    expect(await screen.findByRole('textbox', { name: 'Service' }, { timeout: 8000 })).toHaveValue(reporting);
    expect(screen.getByRole('textbox', { name: 'Service' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Version' })).toHaveValue('1.1.0');
    expect(screen.getByRole('textbox', { name: 'Version' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Artifact' }));
    const option = (await screen.findAllByText(/^#2 · e4f5a6b/)).find((e) => e.closest('.ant-select-item-option'));
    if (!option) throw new Error('no artifact #2');
    await user.click(option);
    await user.click(screen.getByRole('checkbox', { name: 'Locked' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/admin/syrx-controller-services'));
    expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: `/api/v2/syrx-controller-service-types/${reporting}/versions/1.1.0`,
      body: { service_id: reporting, version_name: '1.1.0', syrx_controller_service_artifact_id: 2, is_locked: true },
    });
    expect(server.state.versions.find((v) => v.version_name === '1.1.0')).toMatchObject({ is_locked: true, syrx_controller_service_artifact_id: 2 });
  });

  it('toasts the save message when saving fails', async () => {
    const { user, location } = open('1.1.0', [refuse('PUT')]);
    await user.click(await screen.findByRole('button', { name: 'Save' }, { timeout: 8000 }));
    expect(await screen.findByText('An error occurred trying to save the syrx controller service version')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe(editor('1.1.0')));
  });

  it('deletes after confirmation, and toasts the specification\'s message when that fails', async () => {
    const failed = open('1.1.0', [refuse('DELETE')]);
    await failed.user.click(await screen.findByRole('button', { name: /Delete version/ }, { timeout: 8000 }));
    await failed.user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('An error occurred while trying to delete the service version')).toBeInTheDocument();
    expect(failed.location()).toBe(editor('1.1.0'));
  });

  it('deletes an unlocked version and goes back to the list', async () => {
    const { user, api, location, server } = open('1.1.0');
    await user.click(await screen.findByRole('button', { name: /Delete version/ }, { timeout: 8000 }));
    expect(await screen.findByText('Delete version 1.1.0 of Syrx.Services.ReportingService?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location()).toBe('/admin/syrx-controller-services'));
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === `/api/v2/syrx-controller-service-types/${reporting}/versions/1.1.0`)).toBe(true);
    expect(server.state.versions.map((v) => v.version_name)).toEqual(['1.0.0']);
  });

  it('says when the version does not exist', async () => {
    open('9.9.9');
    expect(await screen.findByText('Version not found', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
