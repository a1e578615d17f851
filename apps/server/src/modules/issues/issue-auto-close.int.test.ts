import { describe, expect, it } from 'vitest';
import type { Issue, IssueHistoryEntry, IssueLink } from '@syrx/contracts/issues';
import type { Page } from '@syrx/contracts/jobs';
import type { PointHealthFinding } from '@syrx/contracts/point-health';
import { hostIn, useAgentTestFile } from '../../test/agent-helpers.ts';
import { addDevice, ctlUrl, expectStatus, send } from '../../test/bacnet-helpers.ts';
import { sweepDone, sweepingServer } from '../../test/point-health-helpers.ts';

// This file's loopback range, 127.0.58.x (+100 in the PostgreSQL pass): the demo building at .0, the agent at .200.
const file = useAgentTestFile(58);
const { base, site } = file;
const sweeps = '/api/v2/point-health/sweeps';

describe('a finding turned into an issue, through the real agent', () => {
  it('closes the issue when the override is relinquished and the next sweep no longer finds it, saying so in its history', async () => {
    const { admin, viewer, ctl } = await sweepingServer(file);
    // VAV-2-02 behind RTR-1 (MS/TP MAC 2): its damper is overridden at priority 8 in the demo building.
    const vav = await addDevice(admin, ctl, { mac_address: hostIn(base, 2), instance_number: 1001002, destination_network: 1001, destination_mac_address: '02' });
    expectStatus(await admin.post(`${ctlUrl(ctl)}/bacnet-devices/${vav.id}/reload-properties`), 200);
    expectStatus(await admin.post(`${ctlUrl(ctl)}/bacnet-devices/${vav.id}/reload-points`), 200);
    const damper = () => site().device(1001002).model.point({ type: 1, instance: 1 });

    try {
      const first = await sweepDone(admin, { syrx_controller_id: ctl.id });
      const [override] = expectStatus(await viewer.get(`${sweeps}/${first.id}/findings?category=overridden`), 200).json<Page<PointHealthFinding>>().items;
      expect(override).toMatchObject({ device_name: 'VAV-2-02', priority: 8 });
      const issue = expectStatus(await send(viewer, 'POST', '/api/v2/issues', { title: 'Damper overridden', links: { finding_ids: [override?.id] } }), 201).json<Issue>();
      expect(expectStatus(await viewer.get(`/api/v2/issues/${issue.id}/links`), 200).json<IssueLink[]>().map((l) => l.kind)).toEqual(['finding', 'point', 'device']);

      // Still overridden: the next sweep leaves the issue open.
      await sweepDone(admin, { syrx_controller_id: ctl.id });
      expect(expectStatus(await viewer.get(`/api/v2/issues/${issue.id}`), 200).json<Issue>().status).toBe('Open');

      expectStatus(await admin.post(`/api/v2/point-health/findings/${override?.id}/relinquish`), 200);
      const fixed = await sweepDone(admin, { syrx_controller_id: ctl.id });
      const closed = expectStatus(await viewer.get(`/api/v2/issues/${issue.id}`), 200).json<Issue>();
      expect(closed).toMatchObject({ status: 'Closed', closed: true });
      const last = expectStatus(await viewer.get(`/api/v2/issues/${issue.id}/history`), 200).json<IssueHistoryEntry[]>().at(-1);
      expect(last).toMatchObject({ username: null, action: 'closed_automatically',
        message: `Closed automatically: sweep #${fixed.id} no longer finds overridden on VAV-2-02 Damper Position (VAV-2-02)` });
    } finally {
      const d = damper();
      if (d) d.priorityArray[7] = 100;
    }
  }, 120_000);
});
