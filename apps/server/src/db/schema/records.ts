import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { dataPointKinds } from '@syrx/contracts/records';
import { bacnetPoints } from './bacnet.ts';
import { groupPoints, pcsPoints, vendorPoints } from './point-sources.ts';
import { at, belongsTo, identityId, writtenAt } from './columns.ts';

/**
 * One time series of any kind of data point (controller BACnet points, vendor points, PCS points, a group's own points), with a
 * summary that every insert keeps current, so grids show earliest, latest and latest value without scanning records.
 */
export const dataPoints = pgTable(
  'data_points',
  {
    id: identityId(),
    kind: text('kind', { enum: dataPointKinds }).notNull(),
    bacnetPointId: integer('bacnet_point_id').unique('data_points_bacnet_point_key').references(() => bacnetPoints.id, { onDelete: 'cascade' }),
    vendorPointId: integer('vendor_point_id').unique('data_points_vendor_point_key').references(() => vendorPoints.id, { onDelete: 'cascade' }),
    pcsPointId: integer('pcs_point_id').unique('data_points_pcs_point_key').references(() => pcsPoints.id, { onDelete: 'cascade' }),
    /** A group point's series: deleted with the point (and so with its group), records included (the migration's trigger). */
    groupPointId: integer('group_point_id').unique('data_points_group_point_key').references(() => groupPoints.id, { onDelete: 'cascade' }),
    earliestRecordOn: at('earliest_record_on'),
    latestRecordOn: at('latest_record_on'),
    latestValue: doublePrecision('latest_value'),
    recordCount: bigint('record_count', { mode: 'number' }).notNull().default(0),
    /**
     * True once the series' rollups hold every record (new series from the start; series of before the rollups once the
     * backfill has built theirs). Reads use the rollups of such series only, the raw records of the others.
     */
    rolledUp: boolean('rolled_up').notNull().default(true),
    createdAt: writtenAt('created_at'),
  },
  (t) => [
    check('data_points_bacnet_point_check', sql`${t.kind} <> 'controller-bacnet-point' or ${t.bacnetPointId} is not null`),
    check('data_points_vendor_point_check', sql`${t.kind} <> 'vendor-point' or ${t.vendorPointId} is not null`),
    check('data_points_pcs_point_check', sql`${t.kind} <> 'pcs-point' or ${t.pcsPointId} is not null`),
    check('data_points_group_point_check', sql`${t.kind} <> 'group-point' or ${t.groupPointId} is not null`),
  ],
);

/**
 * The records: one row per series and time. The migration creates it PARTITION BY RANGE (ts), one partition per month
 * (created on demand by the records module), which Drizzle cannot declare. The primary key serves every time-range read.
 */
export const pointRecords = pgTable(
  'point_records',
  {
    /**
     * No foreign key: its check per inserted row cost about 40 % of ingest. The records module locks the batch's data
     * points instead (FOR KEY SHARE), and a trigger on data_points deletes the records of deleted series (the
     * migration), which together keep what the key would.
     */
    dataPointId: integer('data_point_id').notNull(),
    ts: at('ts').notNull(),
    value: doublePrecision('value').notNull(),
    /** Read back from the device's trend log after a gap (ReadRange), not collected live (docs/point-records.md). */
    backfilled: boolean('backfilled').notNull().default(false),
  },
  (t) => [primaryKey({ name: 'point_records_pkey', columns: [t.dataPointId, t.ts] })],
);

/**
 * Hourly and daily rollups of each series (level_seconds 3600 or 86400; buckets aligned as date_bin from Monday
 * 2000-01-03 UTC, so at whole UTC hours and days): count, sum, minimum, maximum, first and last record time. Every write
 * path keeps them in the transaction that writes the records (lib/record-rollups.ts), so charts and the availability
 * report read a row per hour or day instead of every record. Deleted with their series.
 */
export const pointRecordRollups = pgTable(
  'point_record_rollups',
  {
    dataPointId: belongsTo('data_point_id', () => dataPoints.id),
    levelSeconds: integer('level_seconds').notNull(),
    bucket: at('bucket').notNull(),
    n: integer('n').notNull(),
    sum: doublePrecision('sum').notNull(),
    min: doublePrecision('min').notNull(),
    max: doublePrecision('max').notNull(),
    firstTs: at('first_ts').notNull(),
    lastTs: at('last_ts').notNull(),
  },
  (t) => [primaryKey({ name: 'point_record_rollups_pkey', columns: [t.dataPointId, t.levelSeconds, t.bucket] })],
);
