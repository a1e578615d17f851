import { boolean, customType, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { identityId, writtenAt } from './columns.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * A built package of a controller service (spec 02: id, created_date, git_revision), with the package itself and its
 * sha256 (hex) so the agent's updater can verify what it downloads. service_id names the service type (contracts'
 * serviceIds; the types are fixed by the product, not stored).
 */
export const serviceArtifacts = pgTable(
  'syrx_controller_service_artifacts',
  {
    id: identityId(),
    serviceId: text('service_id').notNull(),
    gitRevision: text('git_revision').notNull(),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    content: bytea('content').notNull(),
    createdDate: writtenAt('created_date'),
  },
  (t) => [index('syrx_controller_service_artifacts_service_idx').on(t.serviceId, t.createdDate.desc())],
);

/** A published version of a service: a semver version name pointing at an artifact; a locked one is immutable. */
export const serviceVersions = pgTable(
  'syrx_controller_service_versions',
  {
    id: identityId(),
    serviceId: text('service_id').notNull(),
    versionName: text('version_name').notNull(),
    artifactId: integer('syrx_controller_service_artifact_id').notNull().references(() => serviceArtifacts.id, { onDelete: 'restrict' }),
    isLocked: boolean('is_locked').notNull().default(false),
    createdAt: writtenAt('created_at'),
  },
  (t) => [unique('syrx_controller_service_versions_service_version_key').on(t.serviceId, t.versionName)],
);
