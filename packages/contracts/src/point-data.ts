import { z } from 'zod';
import { maxDbId } from './ids.ts';
import { recordSeriesSchema, seriesBucketSchema } from './records.ts';

/**
 * Point data of every kind the record store holds, read the same way (issue 23): the point record browser's tabs
 * (controller BACnet points, vendor points, PCS points, a group's own points) and the point data availability report.
 * Each kind's routes name its own point ids (a vendor point's id, a PCS point's, a group point's); the controller tab
 * keeps the point-records routes of BACnet points (records.ts). docs/point-records.md.
 */
export const pointDataKinds = ['controller', 'vendor', 'pcs', 'group'] as const;
export type PointDataKind = (typeof pointDataKinds)[number];

/** Reads name at most this many points; the availability report up to availabilityMaxPoints, over up to availabilityMaxDays. */
export const maxPointsPerRead = 50;
export const availabilityMaxPoints = 500;
export const availabilityMaxDays = 731;
/** A day holding at least this share of its expected records is complete; runs of other days are the report's gaps. */
export const completeDayShare = 0.99;

const idList = (max: number) => z
  .string()
  .regex(/^\d+(,\d+)*$/, 'A comma-separated list of point ids')
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .refine((ids) => ids.every((id) => id <= maxDbId), 'A point id is out of range')
  .refine((ids) => ids.length <= max, `At most ${max} points at once`);
const isoTime = z.string().datetime({ offset: true, message: 'An ISO 8601 date and time' });
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date written YYYY-MM-DD').refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'Not a date');

export const pointIdsQuerySchema = z.object({ point_ids: idList(maxPointsPerRead) });

/** The points and time range a record read names (from inclusive, to exclusive). */
export const pointRangeQuerySchema = z
  .object({ point_ids: idList(maxPointsPerRead), from: isoTime, to: isoTime })
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), { path: ['to'], message: 'The end must be after the start' });

export const pointPageQuerySchema = z.intersection(pointRangeQuerySchema, z.object({
  skip: z.coerce.number().int().min(0).default(0),
  take: z.coerce.number().int().min(1).max(1000).default(100),
}));

export const pointSeriesQuerySchema = z.intersection(pointRangeQuerySchema, z.object({ max_points: z.coerce.number().int().min(10).max(5000).default(1000) }));

/** A point as the browser shows it: its names from the top of its tree down, its unit, and its series' summary. */
export const seriesPointSchema = z.object({
  point_id: z.number().int(),
  /** Controller, device, point; vendor, id fields; PCS site, device, point; group, point. */
  path: z.array(z.string()),
  unit: z.string().nullable(),
  earliest: z.string().nullable(),
  latest: z.string().nullable(),
  latest_value: z.number().nullable(),
  count: z.number().int(),
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

/** Chart series as recordSeriesSchema, by the kind's point ids. */
export const pointSeriesSchema = recordSeriesSchema.extend({ series: z.array(z.object({ point_id: z.number().int(), points: z.array(seriesBucketSchema) })) });
export type PointSeries = z.infer<typeof pointSeriesSchema>;

export const pointRecordRowSchema = z.object({ point_id: z.number().int(), timestamp: z.string(), value: z.number() });
export type PointRecordRow = z.infer<typeof pointRecordRowSchema>;

/** GET …/availability: days from `from` to `to` (both included, UTC), optionally the points' reporting interval. */
export const availabilityQuerySchema = z
  .object({
    point_ids: idList(availabilityMaxPoints),
    from: isoDay,
    to: isoDay,
    /** The points' reporting interval; without it each point's median spacing of records is used. */
    interval_seconds: z.coerce.number().int().min(1).max(86_400).optional(),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'The last day must not be before the first' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < availabilityMaxDays, { path: ['to'], message: `At most ${availabilityMaxDays} days` });
export type AvailabilityQuery = z.output<typeof availabilityQuerySchema>;

export const availabilityPointSchema = z.object({
  point_id: z.number().int(),
  path: z.array(z.string()),
  /** The spacing records are expected at (given, or the median spacing; null: no records to tell). */
  interval_seconds: z.number().nullable(),
  interval_source: z.enum(['given', 'median', 'none']),
  expected_per_day: z.number().nullable(),
  /** Per day of `days`: records present, and their share of the expected (0–1; null when nothing is expected). */
  present: z.array(z.number().int()),
  share: z.array(z.number().nullable()),
});
export type AvailabilityPoint = z.infer<typeof availabilityPointSchema>;

/** A run of consecutive incomplete days of one point (below completeDayShare). */
export const availabilityGapSchema = z.object({
  point_id: z.number().int(),
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  missing: z.number().int(),
});
export type AvailabilityGap = z.infer<typeof availabilityGapSchema>;

export const availabilitySchema = z.object({ days: z.array(z.string()), points: z.array(availabilityPointSchema), gaps: z.array(availabilityGapSchema) });
export type Availability = z.infer<typeof availabilitySchema>;
