import { sql } from 'drizzle-orm';
import type { AgentMetricSample } from '@syrx/contracts/metrics';
import { numberList, uuidColumn } from '../../db/array-params.ts';
import type { DbOrTx } from '../../db/client.ts';
import { bucketOrigin, rollupLevels } from './metric-ranges.ts';

const p = <T>(v: T) => sql.param(v);
const levels = sql.raw(rollupLevels.map((l) => `(${l})`).join(', '));

/** Both of a rollup's aggregates moved on by a new part: sums and counts add, minima and maxima keep the extreme. */
const merge = (names: string[]) => sql.raw(names.map((n) => {
  if (n.endsWith('_min')) return `${n} = least(r.${n}, excluded.${n})`;
  if (n.endsWith('_max')) return `${n} = greatest(r.${n}, excluded.${n})`;
  return `${n} = r.${n} + excluded.${n}`;
}).join(', '));
const rollupColumns = ['n', 'cpu_sum', 'cpu_min', 'cpu_max', 'mem_percent_sum', 'mem_percent_min', 'mem_percent_max', 'mem_sum', 'mem_min', 'mem_max'];

export const metricsRepo = {
  /**
   * Inserts batches of samples of one or more controllers in one statement: samples already stored (same controller,
   * group and time) are skipped, and the rollups of every level are moved on by the samples really inserted (RETURNING
   * feeds them), so a batch sent twice changes nothing. Returns how many samples were new, per controller.
   */
  async insert(db: DbOrTx, batches: { controllerId: string; samples: AgentMetricSample[] }[]): Promise<Map<string, number>> {
    const samples = batches.flatMap((b) => b.samples);
    const controllers = uuidColumn(batches.flatMap((b) => b.samples.map(() => b.controllerId)));
    const text = (i: 1 | 2) => sql`${p(samples.map((s) => s[i]))}::text[]`;
    const num = (i: 0 | 3 | 4 | 5) => numberList(samples.map((s) => s[i]), 'float8');
    const r = await db.execute<{ controller_id: string; n: number }>(sql`
      with ins as (
        insert into controller_metrics (syrx_controller_id, group_type, group_name, ts, cpu_percent, mem_percent, mem)
        select c, gt, gn, to_timestamp(t / 1000), cp, mp, m
        from unnest(${controllers}, ${num(0)}, ${text(1)}, ${text(2)}, ${num(3)}, ${num(4)}, ${num(5)})
          as u(c, t, gt, gn, cp, mp, m)
        on conflict do nothing
        returning syrx_controller_id, group_type, group_name, ts, cpu_percent, mem_percent, mem),
      rolled as (
        insert into controller_metric_rollups as r (syrx_controller_id, level_seconds, group_type, group_name, bucket, ${sql.raw(rollupColumns.join(', '))})
        select i.syrx_controller_id, lv.s, i.group_type, i.group_name, date_bin(make_interval(secs => lv.s), i.ts, ${bucketOrigin}::timestamptz),
          count(*)::int, sum(i.cpu_percent), min(i.cpu_percent), max(i.cpu_percent), sum(i.mem_percent), min(i.mem_percent), max(i.mem_percent),
          sum(i.mem), min(i.mem), max(i.mem)
        from ins i cross join (values ${levels}) as lv(s)
        group by i.syrx_controller_id, lv.s, i.group_type, i.group_name, 5
        order by 1, 2, 3, 4, 5
        on conflict (syrx_controller_id, level_seconds, group_type, group_name, bucket) do update set ${merge(rollupColumns)}
        returning 1)
      select syrx_controller_id::text as controller_id, count(*)::int as n from ins group by 1`);
    return new Map(r.rows.map((x) => [x.controller_id, x.n]));
  },
};
