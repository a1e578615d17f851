import type { JobType } from '@syrx/contracts/jobs';
import { type ImportKind, maxImportBytes } from '@syrx/contracts/data-moves';
import { AppError } from '@syrx/contracts/errors';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../security/actor.ts';
import { dataMovePermissions, requireAny } from './data-moves.access.ts';
import type { JobQueue } from './data-moves.jobs.ts';
import { type HeaderSpec, readHeader } from './import-csv.ts';
import { importFilesRepo } from './import-files.repo.ts';

const jobTypeOf = { 'vendor-point-records': 'vendor_point_record_import', 'pcs-points': 'pcs_point_import' } as const;

/** A CSV file to read in a job: its job type and params, the header it must have, the file and its name. */
export interface FileJob {
  jobType: JobType;
  params: Record<string, unknown>;
  header: ImportKind | HeaderSpec;
  file: Buffer;
  fileName: string;
}

/**
 * Queues a job that reads a CSV file, once the file is checked as far as its header (a file too large or without the
 * header is a 400 that says why): the job and its file are stored in one transaction; its id.
 */
export async function queueFileJob(db: Db, jobs: JobQueue, actor: Actor, f: FileJob): Promise<number> {
  if (f.file.length > maxImportBytes) throw AppError.badRequest(`The file is larger than ${maxImportBytes / 1024 / 1024} MB.`, [{ field: '(body)', message: 'Too large' }]);
  const header = readHeader(f.header, f.file);
  if ('error' in header) throw AppError.badRequest(header.error, [{ field: 'header', message: header.error }]);
  const id = await db.transaction(async (tx) => {
    const jobId = await jobs.create({ jobType: f.jobType, params: { ...f.params, file_name: f.fileName, bytes: f.file.length }, userId: actor.userId }, tx);
    await importFilesRepo.insert(tx, jobId, f.fileName, 'text/csv', f.file);
    return jobId;
  });
  jobs.wake();
  return id;
}

/**
 * CSV imports (Report Data → Import): the upload is checked as far as its header, stored with its job and queued;
 * the job reads the rows (import.handlers.ts).
 */
export function createImportsService(db: Db, deps: { jobs: JobQueue }) {
  return {
    /** Queues the import of a CSV file; its job's id. A file without the kind's header is a 400 that says why. */
    async queue(actor: Actor, kind: ImportKind, file: Buffer, fileName: string | undefined): Promise<number> {
      requireAny(actor, dataMovePermissions.importFiles, 'Importing data');
      return queueFileJob(db, deps.jobs, actor, { jobType: jobTypeOf[kind], params: { kind }, header: kind, file, fileName: fileName ?? `${kind}.csv` });
    },
  };
}
export type ImportsService = ReturnType<typeof createImportsService>;
