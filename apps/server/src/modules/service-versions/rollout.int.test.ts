import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brokenServicePackage, healthyServicePackage, sha256Of } from '@syrx/agent/testing';
import { agentCredentialHeaders } from '@syrx/contracts/agent-protocol';
import type { EnabledService } from '@syrx/contracts/controllers';
import type { ServiceLogEntry } from '@syrx/contracts/service-logs';
import { rolloutLabel, versionDrift } from '@syrx/contracts/service-rollout';
import { serviceIds } from '@syrx/contracts/services';
import { useAgentTestFile } from '../../test/agent-helpers.ts';
import { adminWithController, type Controller, ctlUrl, expectStatus, publishPackage, send, until } from '../../test/bacnet-helpers.ts';
import { queuesDir } from '../../test/operations-agent.ts';
import type { TestClient } from '../../test/test-app.ts';

// This file's loopback range, 127.0.111.x (+100 in the PostgreSQL pass): the agent's BACnet interface at .200; no simulated building.
const file = useAgentTestFile(111, { building: false });
const control = serviceIds.control;
const types = '/api/v2/syrx-controller-service-types';


const assign = async (admin: TestClient, ctl: Controller, range: string) => expectStatus(await send(admin, 'PUT', `${ctlUrl(ctl)}/enabled-services`,
  [{ service_id: serviceIds.updater, assigned_version: '>=1.0.0 <2.0.0-0' }, { service_id: control, assigned_version: range }]), 200);
const enabledControl = async (admin: TestClient, ctl: Controller) =>
  expectStatus(await admin.get(`${ctlUrl(ctl)}/enabled-services/${control}`), 200).json<EnabledService>();
const serviceLogs = async (admin: TestClient, ctl: Controller, minLevel = 'INFO') =>
  expectStatus(await admin.get(`${ctlUrl(ctl)}/services/${control}/logs?minLogLevel=${minLevel}&take=1000`), 200).json<ServiceLogEntry[]>();

async function untilControl(admin: TestClient, ctl: Controller, check: (s: EnabledService) => boolean, what: string): Promise<EnabledService> {
  let last: EnabledService | null = null;
  await until(async () => check((last = await enabledControl(admin, ctl))), 30_000, `${what} (last: ${JSON.stringify(last)})`);
  return last as unknown as EnabledService;
}

describe('rollout of published versions to a controller', () => {
  it('runs the highest version in the range, rolls a broken one back with the failure logged, and refuses a corrupted package', async () => {
    const { t, url, admin, ctl } = await file.controller();
    await publishPackage(admin, control, '1.0.0', healthyServicePackage(control, '1.0.0'));
    await publishPackage(admin, control, '1.1.0', healthyServicePackage(control, '1.1.0'));
    await assign(admin, ctl, '^1.0.0');

    const packages = file.tempDir('syrx-agent-packages-');
    const agent = file.agent(url, ctl, { operations: { dataDir: queuesDir(file) }, rollout: { dataDir: packages, healthTimeoutSeconds: 10 } });

    // 1.1.0, the highest in ^1.0.0, runs in place of the agent's own control module.
    const upToDate = await untilControl(admin, ctl, (s) => s.reported_version === '1.1.0' && s.rollout?.state === 'up_to_date', 'the agent reports 1.1.0');
    expect(upToDate.assigned_version).toBe('>=1.0.0 <2.0.0-0');
    // The configuration lists the published versions with what the updater needs to fetch and verify them.
    expect(agent.config()?.enabled_services.find((s) => s.service_id === control)?.versions).toEqual([
      expect.objectContaining({ version_name: '1.1.0', sha256: sha256Of(healthyServicePackage(control, '1.1.0')) }),
      expect.objectContaining({ version_name: '1.0.0' }),
    ]);
    expect(versionDrift(upToDate.assigned_version, upToDate.reported_version)).toBe(false);
    expect(agent.operations?.services.find((s) => s.id === control)?.state()).toBe('inactive');
    await until(async () => (await serviceLogs(admin, ctl)).some((e) => e.message === `${control} 1.1.0 started`), 20_000, 'the package’s own output in the service logs');

    // A broken 1.2.0: installed, started, not healthy, rolled back to 1.1.0.
    await publishPackage(admin, control, '1.2.0', brokenServicePackage(control, '1.2.0'));
    const rolledBack = await untilControl(admin, ctl, (s) => s.rollout?.state === 'rolled_back', 'the rollback of 1.2.0');
    await untilControl(admin, ctl, (s) => s.reported_version === '1.1.0', 'the agent reports 1.1.0 again');
    expect(rolledBack.rollout).toMatchObject({ target_version: '1.2.0', reason: 'it exited with code 1: Error: broken build: the configuration file is missing' });
    expect(rolloutLabel(rolledBack.rollout!)).toBe('rolled back from 1.2.0: it exited with code 1: Error: broken build: the configuration file is missing');
    await until(async () => (await serviceLogs(admin, ctl, 'ERROR')).length > 0, 20_000, 'the rollback in the service logs');
    expect((await serviceLogs(admin, ctl, 'ERROR'))[0]).toMatchObject({
      service_id: control, level: 'ERROR', logger: `${control}.Updater`,
      message: expect.stringContaining(`${control} 1.2.0 did not become healthy: it exited with code 1: Error: broken build`) as string,
    });
    expect((await serviceLogs(admin, ctl, 'ERROR'))[0]?.message).toContain('rolled back to 1.1.0');

    // Drift: a range the running version is outside of, with nothing published in it.
    await assign(admin, ctl, '^2.0.0');
    const drifting = await untilControl(admin, ctl, (s) => s.rollout?.state === 'no_match', 'no version in ^2.0.0');
    expect(drifting).toMatchObject({ reported_version: '1.1.0', assigned_version: '>=2.0.0 <3.0.0-0' });
    expect(versionDrift(drifting.assigned_version, drifting.reported_version)).toBe(true);

    // A package whose bytes no longer match the published sha256 (corrupted in storage) is refused; 1.1.0 keeps running.
    const corrupted = await publishPackage(admin, control, '1.3.0', healthyServicePackage(control, '1.3.0'));
    await t.db.execute(sql`update syrx_controller_service_artifacts set content = overlay(content placing '\\x00000000'::bytea from 20 for 4) where id = ${corrupted.id}`);
    await assign(admin, ctl, '^1.0.0');
    const refused = await untilControl(admin, ctl, (s) => s.rollout?.state === 'failed', 'the corrupted 1.3.0 refused');
    expect(refused).toMatchObject({ reported_version: '1.1.0', rollout: { target_version: '1.3.0' } });
    expect(refused.rollout?.reason).toMatch(new RegExp(`^sha256 mismatch: downloaded [0-9a-f]{64}, ${corrupted.sha256} was published$`));
    await until(async () => (await serviceLogs(admin, ctl, 'ERROR')).some((e) => e.message.startsWith(`cannot install ${control} 1.3.0: sha256 mismatch`)), 20_000, 'the refusal in the service logs');
  }, 120_000);

  it('lets an agent download the packages of its enabled services with its credentials, and nothing else', async () => {
    const t = await file.start();
    const { admin, ctl } = await adminWithController(t);
    await assign(admin, ctl, '^1.0.0');
    const content = healthyServicePackage(control, '1.0.0');
    const released = await publishPackage(admin, control, '1.0.0', content);
    const unreleased = await publishPackage(admin, control, '1.0.1', healthyServicePackage(control, '1.0.1'), false);
    const otherService = await publishPackage(admin, serviceIds.diagnostic, '1.0.0', healthyServicePackage(serviceIds.diagnostic, '1.0.0'));
    const agent = t.client();
    const download = (service: string, artifactId: number, password = ctl.password) => agent.request({
      method: 'GET', url: `${types}/${service}/artifacts/${artifactId}/package`,
      headers: { [agentCredentialHeaders.controllerId]: ctl.id, [agentCredentialHeaders.password]: password },
    });

    const ok = expectStatus(await download(control, released.id), 200);
    expect(ok.rawPayload.equals(content)).toBe(true);
    expect(ok.headers['x-artifact-sha256']).toBe(sha256Of(content));
    expect(expectStatus(await download(control, released.id, 'wrong password'), 401).json()).toMatchObject({ message: 'Invalid controller credentials.' });
    expect(expectStatus(await download(serviceIds.diagnostic, otherService.id), 403).json()).toMatchObject({ message: 'The controller does not have this service enabled.' });
    expectStatus(await download(control, unreleased.id), 404);
    // Neither credentials nor a session: 401.
    expectStatus(await t.client().get(`${types}/${control}/artifacts/${released.id}/package`), 401);
  });
});
