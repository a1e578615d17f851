import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { agentEvents } from '@syrx/contracts/agent-protocol';
import { type AgentMetricSample, type MetricsBucket, metricResolutions, type MetricResolution } from '@syrx/contracts/metrics';
import { listen } from '../../test/agent-helpers.ts';
import { adminWithController, ctlUrl, expectStatus, outsider } from '../../test/bacnet-helpers.ts';
import { upload } from '../../test/operations-helpers.ts';
import { protocolAgent, serverWithProtocolAgent } from '../../test/records-helpers.ts';
import { useTestApps } from '../../test/test-app.ts';
import { bucketOrigin } from './metric-ranges.ts';

const apps = useTestApps();

const hour = 3_600_000;
const step = 15_000;
/** Saturday evening to Monday morning: the month changes at midnight, so the samples span two partitions. */
const t0 = Date.parse('2026-10-31T20:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * 30 hours of 15-second samples: overall, and the processes node, postgres (a sample missing now and then) and
 * rabbitmq-server (the first 10 hours only), each metric varying differently.
 */
function samples(): AgentMetricSample[] {
  const out: AgentMetricSample[] = [];
  const groups = [['overall', 'overall', 0], ['process', 'node', 1], ['process', 'postgres', 2], ['process', 'rabbitmq-server', 3]] as const;
  for (let i = 0; i < (30 * hour) / step; i++) {
    for (const [type, name, g] of groups) {
      if ((name === 'postgres' && i % 13 === 0) || (name === 'rabbitmq-server' && i * step >= 10 * hour)) continue;
      out.push([t0 + i * step, type, name, ((i * 7 + g * 11) % 100) / 3, 20 + 5 * Math.sin(i / 50 + g), 100_000 + ((i * (g + 3)) % 97) * 13 + g * 1000]);
    }
  }
  return out;
}

/** The same aggregation, computed here from the samples: avg/min/max per group per date_bin bucket, by bucket then name. */
function expected(all: AgentMetricSample[], q: { from: number; to: number; type: string; groups: string[] | null; seconds: number }): MetricsBucket[] {
  const origin = Date.parse(bucketOrigin);
  const width = q.seconds * 1000;
  const acc = new Map<string, { n: number; sums: number[]; mins: number[]; maxs: number[] }>();
  for (const [time, type, name, ...values] of all) {
    if (type !== q.type || time < q.from || time >= q.to || (q.groups && !q.groups.includes(name))) continue;
    const key = `${origin + Math.floor((time - origin) / width) * width}|${name}`;
    const a = acc.get(key) ?? { n: 0, sums: [0, 0, 0], mins: [Infinity, Infinity, Infinity], maxs: [-Infinity, -Infinity, -Infinity] };
    a.n++;
    values.forEach((v, i) => {
      a.sums[i]! += v;
      a.mins[i] = Math.min(a.mins[i]!, v);
      a.maxs[i] = Math.max(a.maxs[i]!, v);
    });
    acc.set(key, a);
  }
  const buckets: MetricsBucket[] = [];
  for (const key of [...acc.keys()].sort((x, y) => Number(x.split('|')[0]) - Number(y.split('|')[0]) || (x < y ? -1 : 1))) {
    const [start, name] = key.split('|') as [string, string];
    const a = acc.get(key)!;
    const agg = (i: number) => ({ avg: a.sums[i]! / a.n, min: a.mins[i]!, max: a.maxs[i]! });
    const date = iso(Number(start));
    if (buckets.at(-1)?.date !== date) buckets.push({ date, groups: [] });
    buckets.at(-1)!.groups.push({ group_name: name, aggregates: { cpu_percent: agg(0), mem_percent: agg(1), mem: agg(2) } });
  }
  return buckets;
}

/** Equal to the expected buckets: the same buckets and groups, minima and maxima exactly, averages to 9 digits. */
function expectSame(got: MetricsBucket[], want: MetricsBucket[]): void {
  expect(got.map((b) => [b.date, b.groups.map((g) => g.group_name)])).toEqual(want.map((b) => [b.date, b.groups.map((g) => g.group_name)]));
  got.forEach((b, i) => b.groups.forEach((g, j) => {
    for (const metric of ['cpu_percent', 'mem_percent', 'mem'] as const) {
      const w = want[i]!.groups[j]!.aggregates[metric];
      expect(g.aggregates[metric].min).toBe(w.min);
      expect(g.aggregates[metric].max).toBe(w.max);
      expect(g.aggregates[metric].avg).toBeCloseTo(w.avg, 9);
    }
  }));
}

async function setup() {
  const { t, admin, ctl, socket } = await serverWithProtocolAgent(apps);
  const all = samples();
  for (let i = 0; i < all.length; i += 5000) expect(await upload(socket, agentEvents.metrics, { samples: all.slice(i, i + 5000) })).toEqual({ ok: true, stored: Math.min(5000, all.length - i) });
  const query = (q: Record<string, string>) => new URLSearchParams(q).toString();
  const get = async <T>(path: string, q: Record<string, string>) => expectStatus(await admin.get(`${ctlUrl(ctl)}/metrics${path}?${query(q)}`), 200).json<T>();
  return { t, admin, ctl, socket, all, get, query };
}

describe('controller metrics', () => {
  it('aggregates with date_bin at every kind of resolution exactly as the samples themselves aggregate', async () => {
    const { get, all, socket } = await setup();
    const cases: { from: number; to: number; type: string; groups: string[]; resolution: MetricResolution }[] = [
      // Samples only (15 s), an unaligned range; 5-minute rollups with partial edges (15 min); hourly rollups with
      // partial edges across the month boundary (1 h), and days of hourly rollups (1 d); overall ignores groups.
      { from: t0 + 3 * hour + 425_000, to: t0 + 3 * hour + 1_625_000, type: 'process', groups: ['node', 'postgres'], resolution: '15s' },
      { from: t0 + hour + 7 * 60_000, to: t0 + 9 * hour + 53 * 60_000, type: 'process', groups: ['rabbitmq-server', 'node'], resolution: '15m' },
      { from: t0 + 10 * 60_000, to: t0 + 29 * hour + 50 * 60_000, type: 'process', groups: ['node', 'postgres', 'rabbitmq-server'], resolution: '1h' },
      { from: t0 - 5 * hour, to: t0 + 40 * hour, type: 'process', groups: ['postgres', 'rabbitmq-server'], resolution: '1d' },
      // Whole hours at 1 h: the hourly rollups are the answer as they are.
      { from: t0 + hour, to: t0 + 20 * hour, type: 'process', groups: ['node', 'rabbitmq-server', 'postgres'], resolution: '1h' },
      { from: t0 + 2 * hour, to: t0 + 6 * hour + 1000, type: 'overall', groups: ['node'], resolution: '5m' },
    ];
    const answers: MetricsBucket[][] = [];
    for (const c of cases) {
      const got = await get<MetricsBucket[]>('', { startDate: iso(c.from), endDate: iso(c.to), groupType: c.type, groups: c.groups.join(','), resolution: c.resolution });
      const want = expected(all, { ...c, groups: c.type === 'overall' ? null : c.groups, seconds: metricResolutions[c.resolution] });
      expect(want.length, c.resolution).toBeGreaterThan(2);
      expectSame(got, want);
      answers.push(got);
    }
    expect(answers[2]?.map((b) => b.date)).toContain('2026-11-01T00:00:00.000Z');
    expect(answers[3]?.map((b) => b.date)).toEqual(['2026-10-31T00:00:00.000Z', '2026-11-01T00:00:00.000Z', '2026-11-02T00:00:00.000Z']);

    // A batch sent again stores nothing and changes no aggregate.
    expect(await upload(socket, agentEvents.metrics, { samples: all.slice(5000, 10_000) })).toEqual({ ok: true, stored: 0 });
    const c = cases[2]!;
    expect(await get('', { startDate: iso(c.from), endDate: iso(c.to), groupType: c.type, groups: c.groups.join(','), resolution: c.resolution })).toEqual(answers[2]);
    // No groups chosen: nothing to draw.
    expect(await get('', { startDate: iso(c.from), endDate: iso(c.to), groupType: 'process', resolution: '1h' })).toEqual([]);
  });

  it('stores several agents’ samples sent at once together, each acknowledged with its own count, with rollups per controller', async () => {
    const t = await apps.start();
    const url = await listen(t);
    const all = samples().filter(([time]) => time < t0 + 4 * hour);
    const agents = [];
    for (const name of ['First', 'Second']) {
      const { admin, ctl } = await adminWithController(t, name);
      const { socket } = await protocolAgent(url, ctl, apps);
      agents.push({ admin, ctl, socket });
    }
    const [first, second] = agents as [(typeof agents)[number], (typeof agents)[number]];
    const half = Math.floor(all.length / 2);
    // Sent together: the first agent twice (its second upload overlaps its first), the second once, its samples the
    // first's shifted by an hour, and two samples beyond the values' limit (not stored: their rollups' sum would overflow
    // and fail every upload of the statement).
    const shifted = all.map(([time, ...rest]): AgentMetricSample => [time + hour, ...rest]);
    const acks = await Promise.all([
      upload(first.socket, agentEvents.metrics, { samples: all.slice(0, half + 10) }),
      upload(second.socket, agentEvents.metrics, { samples: [...shifted, ...[1, 2].map((s): AgentMetricSample => [t0 + 5 * hour + s * 1000, 'process', 'node', 1, 2, Number.MAX_VALUE])] }),
      upload(first.socket, agentEvents.metrics, { samples: all.slice(half) }),
    ]);
    expect(acks).toEqual([{ ok: true, stored: half + 10 }, { ok: true, stored: shifted.length }, { ok: true, stored: all.length - half - 10 }]);
    // Each controller's hourly aggregates are its own samples'.
    const q = new URLSearchParams({ startDate: iso(t0), endDate: iso(t0 + 6 * hour), groupType: 'process', groups: 'node,postgres', resolution: '1h' }).toString();
    for (const [agent, mine] of [[first, all], [second, shifted]] as const) {
      const got = expectStatus(await agent.admin.get(`${ctlUrl(agent.ctl)}/metrics?${q}`), 200).json<MetricsBucket[]>();
      expectSame(got, expected(mine, { from: t0, to: t0 + 6 * hour, type: 'process', groups: ['node', 'postgres'], seconds: 3600 }));
    }
  });

  it('lists the groups with samples in a range, to the sample', async () => {
    const { get } = await setup();
    const groups = (from: number, to: number, groupType = 'process') => get<string[]>('/groups', { startDate: iso(from), endDate: iso(to), groupType });
    expect(await groups(t0, t0 + 30 * hour)).toEqual(['node', 'postgres', 'rabbitmq-server']);
    expect(await groups(t0 + 12 * hour, t0 + 13 * hour)).toEqual(['node', 'postgres']);
    // rabbitmq-server's last sample is at 9:59:45 after the start.
    const last = t0 + 10 * hour - step;
    expect(await groups(last + 5000, t0 + 11 * hour)).toEqual(['node', 'postgres']);
    expect(await groups(last, t0 + 11 * hour)).toEqual(['node', 'postgres', 'rabbitmq-server']);
    expect(await groups(t0 - 3 * hour, t0 - hour)).toEqual([]);
    expect(await groups(t0, t0 + hour, 'overall')).toEqual(['overall']);
    expect(await groups(t0, t0 + hour, 'systemd_service')).toEqual([]);
  });

  it('answers a range too long for 15 s at the finest resolution that fits when no resolution is asked for', async () => {
    const { get, all } = await setup();
    const [from, to] = [t0 - 24 * hour, t0 + 48 * hour];
    const got = await get<MetricsBucket[]>('', { startDate: iso(from), endDate: iso(to) });
    // 72 hours: 17,280 buckets at 15 s, 4,320 at 1 minute.
    expectSame(got, expected(all, { from, to, type: 'overall', groups: null, seconds: 60 }));
    expect(got).toHaveLength(30 * 60);
    // A short range keeps the default 15 s.
    expect(await get<MetricsBucket[]>('', { startDate: iso(t0), endDate: iso(t0 + 60_000) })).toHaveLength(4);
  });

  it('refuses bad queries with 400, other groups with 404, and forgets a deleted controller’s samples', async () => {
    const { t, admin, ctl, query } = await setup();
    const field = async (path: string, q: Record<string, string>) => {
      const res = await admin.get(`${ctlUrl(ctl)}/metrics${path}?${query(q)}`);
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      return res.json<{ fields: { field: string; message: string }[] }>().fields[0];
    };
    const range = { startDate: iso(t0), endDate: iso(t0 + hour) };
    expect(await field('', { startDate: iso(t0 + hour), endDate: iso(t0) })).toEqual({ field: 'endDate', message: 'The end must be after the start' });
    // Three days at 15 s are more than 10,000 points: the answer names the finest resolution that fits.
    const threeDays = { startDate: iso(t0), endDate: iso(t0 + 3 * 24 * hour) };
    expect(await field('', { ...threeDays, resolution: '15s' })).toEqual({
      field: 'resolution', message: '15s is too fine for this range (at most 10,000 points): the finest resolution that fits is 1m',
    });
    expect(await field('', { ...range, resolution: '2h' })).toMatchObject({ field: 'resolution' });
    expect(await field('', { ...range, groupType: 'disk' })).toMatchObject({ field: 'groupType' });
    expect(await field('/groups', { ...range, startDate: 'yesterday' })).toEqual({ field: 'startDate', message: 'An ISO 8601 date and time' });
    expect(await field('/groups', { startDate: iso(t0) })).toMatchObject({ field: 'endDate' });
    const stranger = await outsider(t);
    for (const path of ['', '/groups']) expect((await stranger.get(`${ctlUrl(ctl)}/metrics${path}?${query(range)}`)).statusCode).toBe(404);
    expect((await t.client().get(`${ctlUrl(ctl)}/metrics?${query(range)}`)).statusCode).toBe(401);

    const count = async () => (await t.db.execute<{ n: number; r: number }>(sql`select (select count(*)::int from controller_metrics where syrx_controller_id = ${ctl.id}) as n,
      (select count(*)::int from controller_metric_rollups where syrx_controller_id = ${ctl.id}) as r`)).rows[0];
    expect((await count())?.n).toBe(28_800 - 554 - 4800);
    expectStatus(await admin.delete(ctlUrl(ctl)), 204);
    expect(await count()).toEqual({ n: 0, r: 0 });
  });
});
