import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** The month (UTC) a time falls in, as "2026-11". */
export const monthOf = (ms: number): string => new Date(ms).toISOString().slice(0, 7);

function monthBounds(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(y, m - 1, 1)).toISOString(), to: new Date(Date.UTC(y, m, 1)).toISOString() };
}

/** duplicate_table, unique_violation (the catalog's, in a race), invalid_object_definition (overlap): another creator won. */
const raceCodes = new Set(['42P07', '23505', '42P17']);
const codeOf = (err: unknown): unknown => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
};

/** True when the error says a row had no partition to go to (check_violation "no partition of relation … found"). */
export const isMissingPartition = (err: unknown): boolean => codeOf(err) === '23514';

/**
 * Creates the monthly partitions of a table partitioned by range of its time (point_records, controller_metrics) that
 * an insert is about to touch. Months already made by this process are remembered, so the steady state costs nothing.
 * Creation runs outside the insert's transaction (a failed DDL would abort it) and is safe when two server instances
 * race: IF NOT EXISTS, and a duplicate error from the loser counts as success once the partition is seen to exist.
 */
export class MonthPartitions {
  private readonly known = new Set<string>();

  /** @param table the partitioned table; its partitions are named `{table}_p2026_11` */
  constructor(
    private readonly db: Db,
    private readonly table: 'point_records' | 'controller_metrics',
  ) {}

  /** Runs work that inserts rows of these times after making their months' partitions; once more if one vanished. */
  async around<T>(times: Iterable<number>, work: () => Promise<T>): Promise<T> {
    const list = [...times];
    await this.ensure(list);
    try {
      return await work();
    } catch (err) {
      if (!isMissingPartition(err)) throw err;
      this.forget();
      await this.ensure(list);
      return work();
    }
  }

  async ensure(times: Iterable<number>): Promise<void> {
    const months = new Set<string>();
    // Times of a batch mostly fall in one month: those in the month seen last skip the date arithmetic.
    let lo = 0;
    let hi = -1;
    for (const t of times) {
      if (t >= lo && t < hi) continue;
      const d = new Date(t);
      lo = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
      hi = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
      const m = monthOf(t);
      if (!this.known.has(m)) months.add(m);
    }
    for (const m of months) {
      await this.create(m);
      this.known.add(m);
    }
  }

  /** Forgets the cache (a partition was dropped behind our back, e.g. by retention). */
  forget(): void {
    this.known.clear();
  }

  private async create(month: string): Promise<void> {
    const name = `${this.table}_p${month.replace('-', '_')}`;
    const { from, to } = monthBounds(month);
    try {
      await this.db.execute(sql.raw(`create table if not exists "${name}" partition of ${this.table} for values from ('${from}') to ('${to}')`));
    } catch (err) {
      if (!raceCodes.has(codeOf(err) as string)) throw err;
      const r = await this.db.execute<{ exists: boolean }>(sql`select to_regclass(${name}) is not null as exists`);
      if (!r.rows[0]?.exists) throw err;
    }
  }
}
