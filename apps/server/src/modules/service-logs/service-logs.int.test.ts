import { describe, expect, it } from 'vitest';
import { agentEvents } from '@syrx/contracts/agent-protocol';
import type { AgentLogEntry, ServiceLogEntry, ServiceLogLevel } from '@syrx/contracts/service-logs';
import { serviceLogLevels } from '@syrx/contracts/service-logs';
import { serviceIds } from '@syrx/contracts/services';
import { ctlUrl, expectStatus, outsider } from '../../test/bacnet-helpers.ts';
import { upload } from '../../test/operations-helpers.ts';
import { serverWithProtocolAgent } from '../../test/records-helpers.ts';
import { useTestApps } from '../../test/test-app.ts';
import { createControllersService } from '../controllers/controllers.service.ts';
import { createGroupsService } from '../groups/groups.service.ts';
import { DomainEvents } from '../../lib/domain-events.ts';
import { createServiceLogsService } from './service-logs.service.ts';

const apps = useTestApps();

const minute = 60_000;
const reporting = serviceIds.reporting;
/** 60 entries of the reporting service a minute apart, the levels in turn (TRACE, DEBUG, INFO, WARN, ERROR, FATAL, …). */
const entries = (t0: number): AgentLogEntry[] => Array.from({ length: 60 }, (_, i) => ({
  id: `k${String(i).padStart(4, '0')}`, service_id: reporting, timestamp: t0 + i * minute, level: serviceLogLevels[i % 6] as ServiceLogLevel,
  logger: 'Syrx.Services.ReportingService.Uploader', message: `entry ${i}`, exception: i % 6 === 4 ? `Error: entry ${i}\n    at upload (uploader.ts:1:1)` : null,
}));

async function setup(env: Record<string, string> = {}) {
  const { t, admin, ctl, socket } = await serverWithProtocolAgent(apps, { env });
  const logsUrl = (service: string, q: string) => `${ctlUrl(ctl)}/services/${service}/logs${q}`;
  const get = async <T>(service: string, q = '') => expectStatus(await admin.get(logsUrl(service, q)), 200).json<T>();
  return { t, admin, ctl, socket, get, logsUrl };
}

describe('service logs', () => {
  it('stores a batch once when it is sent twice, and answers entries at or above the minimum level, newest first', async () => {
    const { socket, ctl, get } = await setup();
    const t0 = Date.now() - 2 * 3_600_000;
    const batch = entries(t0);
    expect(await upload(socket, agentEvents.logs, { entries: batch })).toEqual({ ok: true, stored: 60 });
    expect(await upload(socket, agentEvents.logs, { entries: batch.slice(10, 30) })).toEqual({ ok: true, stored: 0 });

    // Default minimum INFO: INFO, WARN, ERROR and FATAL (40 of 60), newest first, 50 a page.
    const page = await get<ServiceLogEntry[]>(reporting);
    expect(page).toHaveLength(40);
    expect(page.map((e) => e.message).slice(0, 5)).toEqual(['entry 59', 'entry 58', 'entry 57', 'entry 56', 'entry 53']);
    expect(page[2]).toEqual({
      id: expect.any(Number) as number, syrx_controller_id: ctl.id, service_id: reporting, timestamp: new Date(t0 + 57 * minute).toISOString(),
      level: 'WARN', logger: 'Syrx.Services.ReportingService.Uploader', message: 'entry 57', exception: null,
    });
    expect(page[1]).toMatchObject({ level: 'ERROR', exception: 'Error: entry 58\n    at upload (uploader.ts:1:1)' });
    expect(await get(reporting, '/count')).toEqual({ count: 40 });

    for (const [min, count] of [['TRACE', 60], ['DEBUG', 50], ['WARN', 30], ['ERROR', 20], ['FATAL', 10]] as const) {
      const all = await get<ServiceLogEntry[]>(reporting, `?minLogLevel=${min}&take=100`);
      expect(all, min).toHaveLength(count);
      expect(all.every((e) => serviceLogLevels.indexOf(e.level) >= serviceLogLevels.indexOf(min)), min).toBe(true);
      expect(await get(reporting, `/count?minLogLevel=${min}`), min).toEqual({ count });
    }
    // Other services' entries are separate; the older id of a service names the same one.
    expect(await get(serviceIds.diagnostic, '/count?minLogLevel=TRACE')).toEqual({ count: 0 });
    expect(await get(reporting.replace('Services.', ''), '/count')).toEqual({ count: 40 });
  });

  it('pages in time order either way, and deletes entries past retention', async () => {
    const { t, socket, get, admin } = await setup({ SERVICE_LOG_RETENTION_DAYS: '2' });
    const t0 = Date.now() - 3_600_000;
    expect(await upload(socket, agentEvents.logs, { entries: entries(t0) })).toMatchObject({ stored: 60 });
    const newest = await get<ServiceLogEntry[]>(reporting, '?minLogLevel=TRACE&skip=10&take=5');
    expect(newest.map((e) => e.message)).toEqual(['entry 49', 'entry 48', 'entry 47', 'entry 46', 'entry 45']);
    const oldest = await get<ServiceLogEntry[]>(reporting, '?minLogLevel=ERROR&sort=timestamp:asc&page=2&pageSize=3');
    expect(oldest.map((e) => e.message)).toEqual(['entry 11', 'entry 16', 'entry 17']);

    // An entry already older than the retention is acknowledged but not kept.
    const old = { ...entries(0)[2], id: 'old', timestamp: Date.now() - 3 * 86_400_000 } as AgentLogEntry;
    expect(await upload(socket, agentEvents.logs, { entries: [old] })).toEqual({ ok: true, stored: 0 });

    // Retention as the hourly task runs it, a day and a half later: nothing yet; three days later: everything.
    const service = createServiceLogsService(t.db, createControllersService(t.db, createGroupsService(t.db), new DomainEvents()), { retentionDays: 2 });
    expect(await service.purgeExpired(Date.now() + 36 * 3_600_000)).toBe(0);
    expect(await get(reporting, '/count?minLogLevel=TRACE')).toEqual({ count: 60 });
    expect(await service.purgeExpired(t0 + 2 * 86_400_000 + 30.5 * minute)).toBe(31);
    expect((await get<ServiceLogEntry[]>(reporting, '?minLogLevel=TRACE&sort=timestamp:asc&take=1'))[0]?.message).toBe('entry 31');
    expect(await service.purgeExpired(Date.now() + 3 * 86_400_000)).toBe(29);
    expect(await get(reporting, '/count?minLogLevel=TRACE')).toEqual({ count: 0 });
    expect((await admin.get('/api/docs')).statusCode).toBe(200);
  });

  it('refuses malformed batches in the acknowledgement, bad queries with 400, and other groups with 404', async () => {
    const { t, socket, logsUrl, admin } = await setup();
    const [good] = entries(Date.now() - minute);
    for (const bad of [{ entries: [] }, { entries: [{ ...good, level: 'NOTICE' }] }, { entries: [{ ...good, id: '' }] }, { records: [] }, null]) {
      const ack = await upload(socket, agentEvents.logs, bad);
      expect(ack.ok, JSON.stringify(bad)).toBe(false);
      expect(ack).toMatchObject({ error: expect.any(String) as string });
    }
    for (const [q, field] of [['?minLogLevel=NOTICE', 'minLogLevel'], ['?take=0', 'take'], ['?sort=message:asc', 'sort'], ['?skip=-1', 'skip']] as const) {
      const res = await admin.get(logsUrl(reporting, q));
      expect(res.statusCode, q).toBe(400);
      expect(res.json<{ fields: { field: string }[] }>().fields[0]?.field, q).toBe(field);
    }
    expect((await admin.get(`/api/SyrxControllers/not-a-uuid/services/${reporting}/logs`)).statusCode).toBe(400);
    const stranger = await outsider(t);
    for (const path of ['', '/count']) expect((await stranger.get(logsUrl(reporting, path))).statusCode).toBe(404);
    expect((await t.client().get(logsUrl(reporting, ''))).statusCode).toBe(401);
  });
});
