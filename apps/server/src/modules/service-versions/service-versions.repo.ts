import { and, eq, sql } from 'drizzle-orm';
import type { ServiceVersion } from '@syrx/contracts/service-versions';
import type { DbOrTx } from '../../db/client.ts';
import { serviceArtifacts, serviceVersions } from '../../db/schema/index.ts';
import { isoOf } from '../../lib/sql-dates.ts';
import { artifactSummaryColumns } from './service-artifacts.repo.ts';

const columns = {
  service_id: serviceVersions.serviceId,
  version_name: serviceVersions.versionName,
  syrx_controller_service_artifact_id: serviceVersions.artifactId,
  is_locked: serviceVersions.isLocked,
  created_date: sql<string>`${isoOf(serviceVersions.createdAt)}`,
  artifact: artifactSummaryColumns,
};

const byName = (serviceId: string, versionName: string) => and(eq(serviceVersions.serviceId, serviceId), eq(serviceVersions.versionName, versionName));

/** Versions with their artifact's summary; the caller orders them by semver (SQL cannot). */
export const serviceVersionsRepo = {
  /** Every version of the service, or of every service without `serviceId`. */
  list(db: DbOrTx, serviceId?: string): Promise<ServiceVersion[]> {
    const q = db.select(columns).from(serviceVersions).innerJoin(serviceArtifacts, eq(serviceArtifacts.id, serviceVersions.artifactId));
    return serviceId === undefined ? q : q.where(eq(serviceVersions.serviceId, serviceId));
  },

  async find(db: DbOrTx, serviceId: string, versionName: string): Promise<ServiceVersion | null> {
    const [row] = await db.select(columns).from(serviceVersions)
      .innerJoin(serviceArtifacts, eq(serviceArtifacts.id, serviceVersions.artifactId))
      .where(byName(serviceId, versionName));
    return row ?? null;
  },

  async insert(db: DbOrTx, v: { serviceId: string; versionName: string; artifactId: number; isLocked: boolean }): Promise<void> {
    await db.insert(serviceVersions).values(v);
  },

  /** Changes an unlocked version; false when there is no such unlocked version. */
  async updateUnlocked(db: DbOrTx, serviceId: string, versionName: string, set: { artifactId?: number; isLocked?: boolean }): Promise<boolean> {
    const r = await db.update(serviceVersions).set(set).where(and(byName(serviceId, versionName), eq(serviceVersions.isLocked, false)))
      .returning({ id: serviceVersions.id });
    return r.length > 0;
  },

  /** Deletes an unlocked version; false when there is no such unlocked version. */
  async deleteUnlocked(db: DbOrTx, serviceId: string, versionName: string): Promise<boolean> {
    const r = await db.delete(serviceVersions).where(and(byName(serviceId, versionName), eq(serviceVersions.isLocked, false)))
      .returning({ id: serviceVersions.id });
    return r.length > 0;
  },
};
