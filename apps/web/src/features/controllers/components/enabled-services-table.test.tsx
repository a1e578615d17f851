import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { EnabledService } from '@syrx/contracts/controllers';
import { installFakeApi } from '../../../testing/fake-api';
import { adminUser, controllerId, fakeControllerServer } from '../../../testing/fake-controllers';
import { renderApp } from '../../../testing/render-app';
import { builtInTitle, driftTitle } from './service-rollout';

vi.setConfig({ testTimeout: 15_000 });

const service = (service_id: string, assigned_version: string, reported_version: string | null, rollout: EnabledService['rollout']): EnabledService => ({
  syrx_controller_id: controllerId, service_id, assigned_version, reported_version, last_contact: '2026-03-07T14:05:09.000Z', diagnostics: null, rollout,
});
const since = '2026-03-07T14:05:00.000Z';

describe('the enabled services grid', () => {
  it('flags drift and shows where each service’s rollout stands', async () => {
    const server = fakeControllerServer();
    server.state.enabled = [
      service('Syrx.Services.ControlService', '>=1.0.0 <2.0.0-0', '1.1.0', { state: 'rolled_back', target_version: '1.2.0', reason: 'it exited with code 1: Error: broken build', since }),
      service('Syrx.Services.DiagnosticService', '>=2.0.0 <3.0.0-0', '1.1.0', { state: 'no_match', target_version: null, reason: null, since }),
      service('Syrx.Services.ReportingService', '>=1.0.0 <2.0.0-0', '1.3.0', { state: 'updating', target_version: '1.4.0', reason: null, since }),
      service('Syrx.UpdaterService', '>=1.0.0 <2.0.0-0', '1.0.0', null),
      service('Syrx.Services.BacnetNetworkQueryService', '>=1.0.0 <2.0.0-0', null, null),
    ];
    installFakeApi({ user: adminUser, handlers: [server.handler] });
    renderApp(`/admin/syrx-controllers/${controllerId}`);

    const rolledBack = await screen.findByText('rolled back from 1.2.0: it exited with code 1: Error: broken build', {}, { timeout: 8000 });
    const grid = rolledBack.closest('table') as HTMLElement;
    expect(within(grid).getByRole('columnheader', { name: 'Rollout' })).toBeInTheDocument();
    const row = (id: string) => within(grid).getByText(id).closest('tr') as HTMLElement;
    expect(within(row('Syrx.Services.ControlService')).getByText('1.1.0')).toBeInTheDocument();
    expect(within(row('Syrx.Services.ControlService')).queryByLabelText(driftTitle)).not.toBeInTheDocument();
    expect(within(row('Syrx.Services.DiagnosticService')).getByLabelText(driftTitle)).toHaveTextContent('drift');
    expect(within(row('Syrx.Services.DiagnosticService')).getByText('no published version satisfies the assigned range')).toBeInTheDocument();
    expect(within(row('Syrx.Services.ReportingService')).getByText('updating to 1.4.0')).toBeInTheDocument();
    // A version reported without a rollout is the agent's built-in module, said as the updater says it; nothing reported is just that.
    expect(within(row('Syrx.UpdaterService')).getByText('built in')).toHaveAttribute('title', builtInTitle);
    expect(within(row('Syrx.Services.BacnetNetworkQueryService')).getByText('not reported yet')).toBeInTheDocument();
  });
});
