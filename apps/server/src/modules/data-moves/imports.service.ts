import { type ImportKind, maxImportBytes } from '@syrx/contracts/data-moves';
import { AppError } from '@syrx/contracts/errors';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../security/actor.ts';
import { dataMovePermissions, requireAny } from './data-moves.access.ts';
import type { JobQueue } from './data-moves.jobs.ts';
import { readHeader } from './import-csv.ts';
import { importFilesRepo } from './import-files.repo.ts';

const jobTypeOf = { 'vendor-point-records': 'vendor_point_record_import', 'pcs-points': 'pcs_point_import' } as const;

/**
 * CSV imports (Report Data → Import): the upload is checked as far as its header, stored with its job and queued;
 * the job reads the rows (import.handlers.ts).
 */
export function createImportsService(db: Db, deps: { jobs: JobQueue }) {
  return {
    /** Queues the import of a CSV file; its job's id. A file without the kind's header is a 400 that says why. */
    async queue(actor: Actor, kind: ImportKind, file: Buffer, fileName: string | undefined): Promise<number> {
      requireAny(actor, dataMovePermissions.importFiles, 'Importing data');
      if (file.length > maxImportBytes) throw AppError.badRequest(`The file is larger than ${maxImportBytes / 1024 / 1024} MB.`, [{ field: '(body)', message: 'Too large' }]);
      const header = readHeader(kind, file);
      if ('error' in header) throw AppError.badRequest(header.error, [{ field: 'header', message: header.error }]);
      const name = fileName ?? `${kind}.csv`;
      const id = await db.transaction(async (tx) => {
        const jobId = await deps.jobs.create({ jobType: jobTypeOf[kind], params: { kind, file_name: name, bytes: file.length }, userId: actor.userId }, tx);
        await importFilesRepo.insert(tx, jobId, name, 'text/csv', file);
        return jobId;
      });
      deps.jobs.wake();
      return id;
    },
  };
}
export type ImportsService = ReturnType<typeof createImportsService>;
