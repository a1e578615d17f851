const two = (n: number) => String(n).padStart(2, '0');

/** The local calendar day of a moment, as an HTML date input's value (YYYY-MM-DD). */
export const localDatePart = (d: Date): string => `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;

/** The local time of day of a moment, as an HTML time input's value with seconds (HH:MM:SS). */
export const localTimePart = (d: Date): string => `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;

/**
 * The moment on the day `date` (YYYY-MM-DD) at the time of day `value` already has (spec 01 section 5: a picker
 * keeps the other part of the value); null when `date` is empty or no such day.
 */
export function withDatePart(value: Date, date: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const next = new Date(year, month, day, value.getHours(), value.getMinutes(), value.getSeconds(), value.getMilliseconds());
  return next.getFullYear() === year && next.getMonth() === month && next.getDate() === day ? next : null;
}

/** The moment on the day `value` already has at the time `time` (HH:MM or HH:MM:SS); null when empty or no such time. */
export function withTimePart(value: Date, time: string): Date | null {
  const m = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!m) return null;
  const [h, min, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  if (h > 23 || min > 59 || s > 59) return null;
  return new Date(value.getFullYear(), value.getMonth(), value.getDate(), h, min, s, 0);
}

/**
 * A range of time for a panel: the last few minutes, following the clock (each refresh asks up to now), or two
 * fixed moments the user picked.
 */
export type TimeRange = { kind: 'recent'; minutes: number } | { kind: 'fixed'; start: Date; end: Date };

export interface ResolvedRange {
  start: Date;
  end: Date;
}

/** The moments a range covers at `now`. */
export function resolveRange(range: TimeRange, now: Date = new Date()): ResolvedRange {
  if (range.kind === 'fixed') return { start: range.start, end: range.end };
  return { start: new Date(now.getTime() - range.minutes * 60_000), end: now };
}

/**
 * The fixed range after the user changed one end: the other end stays unless the range would turn inside out,
 * in which case it moves along so the span stays as long as it was.
 */
export function withRangeEnd(current: ResolvedRange, which: 'start' | 'end', moment: Date): TimeRange {
  const span = current.end.getTime() - current.start.getTime();
  if (which === 'start') {
    const end = moment.getTime() < current.end.getTime() ? current.end : new Date(moment.getTime() + span);
    return { kind: 'fixed', start: moment, end };
  }
  const start = moment.getTime() > current.start.getTime() ? current.start : new Date(moment.getTime() - span);
  return { kind: 'fixed', start, end: moment };
}

/** A range's query key part: fixed ranges by their moments, recent ones by their length (they follow the clock). */
export const rangeKey = (range: TimeRange): string =>
  range.kind === 'recent' ? `recent-${range.minutes}` : `${range.start.toISOString()}/${range.end.toISOString()}`;
