import { z } from 'zod';
import { countSchema } from '../controllers.ts';
import {
  latestRecordSchema, pointRecordSchema, recordBackfillRequestSchema, recordBackfillResultSchema, recordPageQuerySchema, recordPointsQuerySchema, recordRangeQuerySchema, recordSeriesQuerySchema,
  recordSeriesSchema,
} from '../records.ts';
import { route } from '../route.ts';

const tags = ['point records'];
const base = '/api/v2/point-records';

/** Point records of BACnet points (newer base): chart series, raw pages and their count, CSV, latest values. */
export const recordsRoutes = {
  /** Each point's values for the chart, downsampled so that no series has more than max_points buckets. */
  series: route({ method: 'GET', path: `${base}/series`, tags, query: recordSeriesQuerySchema, response: recordSeriesSchema }),
  /** A page of the range's raw records, oldest first. */
  page: route({ method: 'GET', path: base, tags, query: recordPageQuerySchema, response: z.array(pointRecordSchema) }),
  count: route({ method: 'GET', path: `${base}/count`, tags, query: recordRangeQuerySchema, response: countSchema }),
  /** Each point's latest value and time, earliest time and record count. */
  latest: route({ method: 'GET', path: `${base}/latest`, tags, query: recordPointsQuerySchema, response: z.array(latestRecordSchema) }),
  /** Every raw record of the range as a CSV attachment (the browser downloads it from a link). */
  csv: route({ method: 'GET', path: `${base}.csv`, tags, query: recordRangeQuerySchema, produces: 'text/csv' }),
  /** Ask a controller's agent to backfill points from their devices' trend logs (docs/point-records.md). */
  backfill: route({ method: 'POST', path: `${base}/backfill`, tags, body: recordBackfillRequestSchema, response: recordBackfillResultSchema, status: 202 }),
};
