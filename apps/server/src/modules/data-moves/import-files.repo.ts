import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** The uploaded file an import job reads (job_files, deleted with its job). */
export const importFilesRepo = {
  async insert(tx: DbOrTx, jobId: number, fileName: string, contentType: string, content: Buffer): Promise<void> {
    await tx.execute(sql`insert into job_files (job_id, file_name, content_type, content) values (${jobId}, ${fileName}, ${contentType}, ${content})`);
  },

  async content(db: DbOrTx, jobId: number): Promise<Buffer | null> {
    const r = await db.execute<{ content: Buffer }>(sql`select content from job_files where job_id = ${jobId}`);
    return r.rows[0]?.content ?? null;
  },
};
