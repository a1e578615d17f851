import { type Availability, type AvailabilityGap, type AvailabilityPoint, completeDayShare } from '@syrx/contracts/point-data';

const dayMs = 86_400_000;

/** The UTC days from `from` to `to` (YYYY-MM-DD, both included), as their midnights in ms. */
export function daysBetween(from: string, to: string): number[] {
  const first = Date.parse(`${from}T00:00:00Z`);
  const last = Date.parse(`${to}T00:00:00Z`);
  const days: number[] = [];
  for (let t = first; t <= last; t += dayMs) days.push(t);
  return days;
}

export interface AvailabilityInput {
  days: number[];
  points: { point_id: number; path: string[]; data_point_id: number | null }[];
  /** Records per series and day (midnight ms). */
  counts: { id: number; t: number; n: number }[];
  /** Each series' median spacing in seconds (absent: unknown). */
  spacing: ReadonlyMap<number, number>;
  /** The reporting interval the reader gave, which wins over the spacing. */
  givenInterval: number | undefined;
  now: number;
}

/** How much of a day records are expected for: all of a past day, the elapsed part of today, none of a later day. */
const dayPart = (day: number, now: number) => Math.max(0, Math.min(1, (now - day) / dayMs));

/** Runs of consecutive incomplete days of a point (share below completeDayShare), with the records they miss. */
function gapsOf(p: AvailabilityPoint, days: number[], now: number): AvailabilityGap[] {
  const gaps: AvailabilityGap[] = [];
  let run: { start: number; end: number; missing: number } | null = null;
  const close = () => {
    if (run) gaps.push({ point_id: p.point_id, from: iso(days[run.start] ?? 0), to: iso(days[run.end] ?? 0), days: run.end - run.start + 1, missing: Math.round(run.missing) });
    run = null;
  };
  p.share.forEach((share, i) => {
    if (share === null || share >= completeDayShare) return close();
    const missing = Math.max(0, (p.expected_per_day ?? 0) * dayPart(days[i] ?? 0, now) - (p.present[i] ?? 0));
    if (run && run.end === i - 1) {
      run.end = i;
      run.missing += missing;
    } else {
      close();
      run = { start: i, end: i, missing };
    }
  });
  close();
  return gaps;
}

const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * The availability report (docs/point-records.md): per point and day the records present and their share of those
 * expected (a day's worth at the given reporting interval, else at the point's median spacing; today only its elapsed
 * part), and the runs of incomplete days.
 */
export function availabilityOf(input: AvailabilityInput): Availability {
  const index = new Map(input.days.map((t, i) => [t, i]));
  const present = new Map<number, number[]>();
  for (const c of input.counts) {
    const i = index.get(c.t);
    if (i === undefined) continue;
    let row = present.get(c.id);
    if (!row) present.set(c.id, (row = input.days.map(() => 0)));
    row[i] = (row[i] ?? 0) + c.n;
  }
  const points = input.points.map((p): AvailabilityPoint => {
    const median = p.data_point_id === null ? undefined : input.spacing.get(p.data_point_id);
    const interval = input.givenInterval ?? median ?? null;
    const perDay = interval === null ? null : 86_400 / interval;
    const counts = (p.data_point_id === null ? undefined : present.get(p.data_point_id)) ?? input.days.map(() => 0);
    const share = input.days.map((day, i) => {
      const expected = perDay === null ? 0 : perDay * dayPart(day, input.now);
      return expected > 0 ? Math.min(1, (counts[i] ?? 0) / expected) : null;
    });
    return {
      point_id: p.point_id, path: p.path, interval_seconds: interval,
      interval_source: input.givenInterval !== undefined ? 'given' : median !== undefined ? 'median' : 'none',
      expected_per_day: perDay, present: counts, share,
    };
  });
  return { days: input.days.map(iso), points, gaps: points.flatMap((p) => gapsOf(p, input.days, input.now)) };
}
