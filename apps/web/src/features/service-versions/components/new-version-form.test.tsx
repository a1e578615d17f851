import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { installFakeApi } from '../../../testing/fake-api';
import { adminUser } from '../../../testing/fake-controllers';
import { artifact, fakeServiceVersionsServer } from '../../../testing/fake-service-versions';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 30_000 });

const reporting = 'Syrx.Services.ReportingService';
const failing = (status: number) => (call: { method: string }) => (call.method === 'POST' ? { status, body: { code: status === 409 ? 'conflict' : 'internal', message: 'refused' } } : undefined);

function open(serviceId: string | null, overrides: ReturnType<typeof failing>[] = []) {
  const server = fakeServiceVersionsServer(overrides);
  server.state.artifacts = [artifact(1, reporting, { git_revision: 'a1b2c3d' }), artifact(2, 'Syrx.UpdaterService', { git_revision: 'u1' })];
  const api = installFakeApi({ user: adminUser, handlers: [server.handler] });
  const app = renderApp(`/admin/syrx-controller-service-versions/new${serviceId ? `?serviceId=${serviceId}` : ''}`);
  return { ...app, api, server };
}

async function chooseArtifact(user: ReturnType<typeof open>['user'], label: RegExp) {
  await user.click(screen.getByRole('combobox', { name: 'Artifact' }));
  const option = (await screen.findAllByText(label)).find((e) => e.closest('.ant-select-item-option'));
  if (!option) throw new Error(`no artifact option ${String(label)}`);
  await user.click(option);
}

describe('new service version', () => {
  it('says what is missing with the specification\'s messages', async () => {
    const { user } = open(null);
    await user.click(await screen.findByRole('button', { name: 'Save' }, { timeout: 8000 }));
    expect(await screen.findByText('A value must be supplied for Service')).toBeInTheDocument();
    expect(screen.getByText('A value must be supplied for Version')).toBeInTheDocument();
    expect(screen.getByText('A value must be supplied for Artifact')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Version' }), '1.0');
    expect(await screen.findByText('Provided Version is not a valid semver version')).toBeInTheDocument();
  });

  it('creates the version for the service of the query string and goes back to the list', async () => {
    const { user, api, location, server } = open(reporting);
    const service = await screen.findByRole('combobox', { name: 'Service' }, { timeout: 8000 });
    expect(service.closest('.ant-select')).toHaveTextContent(reporting);
    await user.type(screen.getByRole('textbox', { name: 'Version' }), '1.2.0');
    await chooseArtifact(user, /^#1 · a1b2c3d/);
    expect(screen.queryByText(/^#2 · u1/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/admin/syrx-controller-services'));
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: `/api/v2/syrx-controller-service-types/${reporting}/versions`,
      body: { service_id: reporting, version_name: '1.2.0', syrx_controller_service_artifact_id: 1 },
    });
    expect(server.state.versions).toHaveLength(1);
    const card = await screen.findByRole('region', { name: reporting });
    expect(within(card).getByRole('link', { name: '1.2.0' })).toBeInTheDocument();
  });

  it.each([
    [409, 'The specified version already exists for this service'],
    [500, 'An error occurred trying to save the syrx controller service version'],
  ])('toasts the specification\'s message for a %i and stays on the form', async (status, text) => {
    const { user, location } = open(reporting, [failing(status)]);
    await user.type(await screen.findByRole('textbox', { name: 'Version' }, { timeout: 8000 }), '1.0.0');
    await chooseArtifact(user, /^#1 · a1b2c3d/);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe(`/admin/syrx-controller-service-versions/new?serviceId=${reporting}`));
  });
});
