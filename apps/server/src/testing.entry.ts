/**
 * `@syrx/server/testing`: the server's parts that code outside it drives directly, without the HTTP API: the
 * benchmarks (bench/: databases, services and the job worker on a database of their own) and other packages' tests.
 * Nothing in production imports it. It is the one file outside a module that may re-export a repository's piece
 * (aggregateSql: the statement bench/metrics.ts measures; pointsRepo's page: the database floor of bench/api-load.ts), see docs/architecture.md "Server layers".
 */
export { connectDatabase, type Database, type Db, runMigrations } from './db/client.ts';
export { startEmbeddedDatabase } from './db/embedded.ts';
export { DomainEvents } from './lib/domain-events.ts';
export { MonthPartitions } from './lib/month-partitions.ts';
export { hashPassword, hashSecret } from './lib/passwords.ts';
export { deviceGateSql } from './modules/controllers/controllers.repo.ts';
export { createControllersService, defaultUpdaterRange } from './modules/controllers/controllers.service.ts';
export { dataMovesJobHandlers } from './modules/data-moves/data-moves.jobs.ts';
export { monthStartsBetween } from './modules/data-moves/record-months.ts';
export { pcsPoints, vendorPoints } from './modules/data-moves/testing/data-moves-fixtures.ts';
export { createGroupsService } from './modules/groups/groups.service.ts';
export { JobWorker } from './modules/jobs/job-worker.ts';
export { createJobsService } from './modules/jobs/jobs.service.ts';
export { bucketOrigin } from './modules/metrics/metric-ranges.ts';
export { aggregateSql } from './modules/metrics/metric-reads.repo.ts';
export { createMetricsService } from './modules/metrics/metrics.service.ts';
export { pointListWhere, pointsRepo } from './modules/points/points.repo.ts';
export { createPointDataService } from './modules/records/point-data.service.ts';
export { createRecordsService } from './modules/records/records.service.ts';
export { backfillAll } from './modules/records/rollup-backfill.service.ts';
export { bootstrap } from './modules/users/bootstrap.service.ts';
export type { Actor } from './security/actor.ts';
export { loadConfig } from './config/env.ts';
