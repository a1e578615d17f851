import { and, desc, eq, sql } from 'drizzle-orm';
import type { ServiceArtifact } from '@syrx/contracts/service-versions';
import type { DbOrTx } from '../../db/client.ts';
import { serviceArtifacts, serviceVersions } from '../../db/schema/index.ts';
import { isoOf } from '../../lib/sql-dates.ts';
import { qualified } from '../../db/qualified.ts';

/** The artifact's columns as a version shows them (without its package). */
export const artifactSummaryColumns = {
  id: serviceArtifacts.id,
  created_date: sql<string>`${isoOf(serviceArtifacts.createdDate)}`,
  git_revision: serviceArtifacts.gitRevision,
  file_name: serviceArtifacts.fileName,
  sha256: serviceArtifacts.sha256,
  size: serviceArtifacts.sizeBytes,
};

const outerArtifactId = qualified(serviceArtifacts.id);
const versionsOfArtifact = sql<ServiceArtifact['syrx_controller_service_versions']>`coalesce((
  select json_agg(json_build_object('version_name', v.version_name, 'is_locked', v.is_locked) order by v.id)
  from ${serviceVersions} v where v.syrx_controller_service_artifact_id = ${outerArtifactId}), '[]'::json)`;

const artifactColumns = { ...artifactSummaryColumns, service_id: serviceArtifacts.serviceId, syrx_controller_service_versions: versionsOfArtifact };

export interface NewArtifact {
  serviceId: string;
  gitRevision: string;
  fileName: string;
  sha256: string;
  content: Buffer;
}

/** Artifacts of the service types: the package bytes stay in the database and are read in slices. */
export const serviceArtifactsRepo = {
  list(db: DbOrTx, serviceId: string): Promise<ServiceArtifact[]> {
    return db.select(artifactColumns).from(serviceArtifacts).where(eq(serviceArtifacts.serviceId, serviceId))
      .orderBy(desc(serviceArtifacts.createdDate), desc(serviceArtifacts.id));
  },

  async find(db: DbOrTx, serviceId: string, id: number): Promise<ServiceArtifact | null> {
    const [row] = await db.select(artifactColumns).from(serviceArtifacts).where(and(eq(serviceArtifacts.serviceId, serviceId), eq(serviceArtifacts.id, id)));
    return row ?? null;
  },

  async insert(db: DbOrTx, a: NewArtifact): Promise<number> {
    const [row] = await db.insert(serviceArtifacts)
      .values({ serviceId: a.serviceId, gitRevision: a.gitRevision, fileName: a.fileName, sha256: a.sha256, sizeBytes: a.content.length, content: a.content })
      .returning({ id: serviceArtifacts.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  /** Deletes the artifact unless a version uses it; false when nothing was deleted. */
  async deleteUnused(db: DbOrTx, serviceId: string, id: number): Promise<boolean> {
    const r = await db.delete(serviceArtifacts)
      .where(and(
        eq(serviceArtifacts.serviceId, serviceId), eq(serviceArtifacts.id, id),
        sql`not exists (select 1 from ${serviceVersions} v where v.syrx_controller_service_artifact_id = ${outerArtifactId})`,
      ))
      .returning({ id: serviceArtifacts.id });
    return r.length > 0;
  },

  /** `length` bytes of the package from `offset` (0-based). */
  async slice(db: DbOrTx, id: number, offset: number, length: number): Promise<Buffer | null> {
    const r = await db.execute<{ part: Buffer }>(
      sql`select substring(content from ${offset + 1}::int for ${length}::int) as part from ${serviceArtifacts} where id = ${id}`,
    );
    return r.rows[0]?.part ?? null;
  },
};
