import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { AgentServiceVersion } from '@syrx/contracts/agent-protocol';
import { AppError } from '@syrx/contracts/errors';
import { type ServiceId, allServiceIds, canonicalServiceId, serviceTypeDescriptions } from '@syrx/contracts/services';
import {
  type ServiceArtifact, type ServiceTypeWithVersions, type ServiceVersion, compareVersionNamesDesc, maxArtifactBytes,
  normaliseVersionName, serviceVersionMessages as m,
} from '@syrx/contracts/service-versions';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { serviceArtifactsRepo } from './service-artifacts.repo.ts';
import { serviceVersionsRepo } from './service-versions.repo.ts';

/** A version as the API creates it (already parsed by contracts' serviceVersionInputSchema). */
export interface NewVersion {
  service_id: string;
  version_name: string;
  syrx_controller_service_artifact_id: number;
  is_locked: boolean;
}

export interface VersionChange {
  service_id?: string | undefined;
  version_name?: string | undefined;
  syrx_controller_service_artifact_id?: number | undefined;
  is_locked?: boolean | undefined;
}

export interface NewPackage {
  content: Buffer;
  git_revision: string;
  file_name?: string | undefined;
  /** The sha256 the publisher computed; nothing is stored when the bytes do not match it. */
  sha256?: string | undefined;
  /** Create this version of the package in the same transaction. */
  version_name?: string | undefined;
  is_locked: boolean;
}

/** A package to download: its metadata and its bytes, read from the database in slices as they are sent. */
export interface PackageDownload {
  fileName: string;
  sha256: string;
  size: number;
  stream(): Readable;
}

const sliceBytes = 4 * 1024 * 1024;
const byHighest = (a: ServiceVersion, b: ServiceVersion) => compareVersionNamesDesc(a.version_name, b.version_name);
/** PostgreSQL's foreign_key_violation (23503), possibly wrapped by Drizzle as the error's cause. */
function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}
const field = (name: string, message: string) => [{ field: name, message }];

/** The service type of a path, canonical; 404 when it is not one of the product's services. */
export function serviceTypeOf(id: string): ServiceId {
  const canonical = canonicalServiceId(id);
  if (!canonical) throw AppError.notFound(`The service type ${id}`);
  return canonical;
}

/**
 * Service types, their artifacts (packages with sha256) and versions (docs/service-versions.md). The API and the
 * publish-artifact CLI both go through here, so they validate alike; who may call what is the caller's concern.
 * @param events told when a service's versions change, so the agents running it hear of them (the CLI has none)
 */
export function createServiceVersionsService(db: Db, events?: DomainEvents) {
  const changed = (serviceId: ServiceId) => events?.emit('service-versions-changed', serviceId);

  async function version(serviceId: ServiceId, versionName: string, tx: DbOrTx = db): Promise<ServiceVersion> {
    const v = await serviceVersionsRepo.find(tx, serviceId, normaliseVersionName(versionName) ?? versionName);
    if (!v) throw AppError.notFound(`Version ${versionName} of ${serviceId}`);
    return v;
  }

  async function requireOwnArtifact(tx: DbOrTx, serviceId: ServiceId, artifactId: number): Promise<void> {
    if (!(await serviceArtifactsRepo.find(tx, serviceId, artifactId))) {
      throw AppError.badRequest(m.artifactOfAnotherService, field('syrx_controller_service_artifact_id', m.artifactOfAnotherService));
    }
  }

  /** Inserts a version after the checks; 409 with the specification's message when it exists. */
  async function insertVersion(tx: DbOrTx, serviceId: ServiceId, v: { version_name: string; artifactId: number; is_locked: boolean }): Promise<void> {
    if (await serviceVersionsRepo.find(tx, serviceId, v.version_name)) throw AppError.conflict(m.duplicate, field('version_name', m.duplicate));
    await serviceVersionsRepo.insert(tx, { serviceId, versionName: v.version_name, artifactId: v.artifactId, isLocked: v.is_locked });
  }

  const asConflict = (err: unknown): never => {
    if (isUniqueViolation(err)) throw AppError.conflict(m.duplicate, field('version_name', m.duplicate));
    throw err;
  };

  return {
    async serviceTypes(): Promise<ServiceTypeWithVersions[]> {
      const versions = (await serviceVersionsRepo.list(db)).sort(byHighest);
      return allServiceIds.map((id) => ({ id, description: serviceTypeDescriptions[id], syrx_controller_service_versions: versions.filter((v) => v.service_id === id) }));
    },

    /** Highest version first. */
    async listVersions(id: string): Promise<ServiceVersion[]> {
      return (await serviceVersionsRepo.list(db, serviceTypeOf(id))).sort(byHighest);
    },

    getVersion: (id: string, versionName: string) => version(serviceTypeOf(id), versionName),

    async createVersion(id: string, input: NewVersion): Promise<ServiceVersion> {
      const serviceId = serviceTypeOf(id);
      if (input.service_id !== serviceId) throw AppError.badRequest(m.serviceMismatch, field('service_id', m.serviceMismatch));
      const artifactId = input.syrx_controller_service_artifact_id;
      await db.transaction(async (tx) => {
        await requireOwnArtifact(tx, serviceId, artifactId);
        await insertVersion(tx, serviceId, { ...input, artifactId });
      }).catch(asConflict);
      changed(serviceId);
      return version(serviceId, input.version_name);
    },

    /** Changes the artifact or locks the version; a locked version is refused (409), and locking cannot be undone. */
    async updateVersion(id: string, versionName: string, change: VersionChange): Promise<ServiceVersion> {
      const serviceId = serviceTypeOf(id);
      const updated = await db.transaction(async (tx) => {
        const current = await version(serviceId, versionName, tx);
        if (change.service_id !== undefined && change.service_id !== serviceId) throw AppError.badRequest(m.serviceMismatch, field('service_id', m.serviceMismatch));
        if (change.version_name !== undefined && change.version_name !== current.version_name) throw AppError.badRequest(m.versionMismatch, field('version_name', m.versionMismatch));
        if (current.is_locked) throw AppError.conflict(m.locked);
        const artifactId = change.syrx_controller_service_artifact_id;
        if (artifactId !== undefined) await requireOwnArtifact(tx, serviceId, artifactId);
        const set = { ...(artifactId !== undefined ? { artifactId } : {}), ...(change.is_locked !== undefined ? { isLocked: change.is_locked } : {}) };
        if (Object.keys(set).length > 0 && !(await serviceVersionsRepo.updateUnlocked(tx, serviceId, current.version_name, set))) throw AppError.conflict(m.locked);
        return version(serviceId, current.version_name, tx);
      });
      changed(serviceId);
      return updated;
    },

    /** Deletes an unlocked version; a locked one is refused (409). */
    async deleteVersion(id: string, versionName: string): Promise<void> {
      const serviceId = serviceTypeOf(id);
      const current = await version(serviceId, versionName);
      if (current.is_locked || !(await serviceVersionsRepo.deleteUnlocked(db, serviceId, current.version_name))) {
        // Deleted meanwhile: gone either way; otherwise it is (or just became) locked.
        if (await serviceVersionsRepo.find(db, serviceId, current.version_name)) throw AppError.conflict(m.locked);
      }
      changed(serviceId);
    },

    listArtifacts: (id: string): Promise<ServiceArtifact[]> => serviceArtifactsRepo.list(db, serviceTypeOf(id)),

    /**
     * Stores a package (the server computes its sha256) and, with version_name, its version in the same transaction:
     * a duplicate version is a 409 and then nothing is stored.
     */
    async publish(id: string, p: NewPackage): Promise<ServiceArtifact> {
      const serviceId = serviceTypeOf(id);
      if (p.content.length === 0) throw AppError.badRequest(m.emptyPackage, field('(body)', m.emptyPackage));
      if (p.content.length > maxArtifactBytes) throw AppError.badRequest(`The package is larger than ${maxArtifactBytes / 1024 / 1024} MB.`, field('(body)', 'Too large'));
      const sha256 = createHash('sha256').update(p.content).digest('hex');
      if (p.sha256 !== undefined && p.sha256 !== sha256) throw AppError.badRequest(m.checksumMismatch, field('sha256', m.checksumMismatch));
      const fileName = p.file_name ?? `${serviceId}-${sha256.slice(0, 12)}.pkg`;
      const versionName = p.version_name;
      const artifactId = await db.transaction(async (tx) => {
        const newId = await serviceArtifactsRepo.insert(tx, { serviceId, gitRevision: p.git_revision, fileName, sha256, content: p.content });
        if (versionName !== undefined) await insertVersion(tx, serviceId, { version_name: versionName, artifactId: newId, is_locked: p.is_locked });
        return newId;
      }).catch(asConflict);
      const artifact = await serviceArtifactsRepo.find(db, serviceId, artifactId);
      if (!artifact) throw AppError.notFound('The artifact');
      if (versionName !== undefined) changed(serviceId);
      return artifact;
    },

    /** Deletes an artifact no version uses; 409 naming the versions otherwise. */
    async deleteArtifact(id: string, artifactId: number): Promise<void> {
      const serviceId = serviceTypeOf(id);
      const artifact = await serviceArtifactsRepo.find(db, serviceId, artifactId);
      if (!artifact) throw AppError.notFound(`Artifact ${artifactId} of ${serviceId}`);
      // A version may take the artifact meanwhile: the foreign key refuses the delete then.
      const deleted = await serviceArtifactsRepo.deleteUnused(db, serviceId, artifactId).catch((err: unknown) => {
        if (isForeignKeyViolation(err)) return false;
        throw err;
      });
      if (deleted) return;
      const names = (await serviceArtifactsRepo.find(db, serviceId, artifactId))?.syrx_controller_service_versions.map((v) => v.version_name) ?? [];
      if (names.length > 0) throw AppError.conflict(`${m.artifactInUse} Used by: ${names.join(', ')}.`);
    },

    /**
     * The published versions of each of these services, as the agent's configuration lists them (services without any
     * are absent). Every version counts, locked or not: locking marks a version immutable, not released.
     */
    async agentVersions(serviceIds: readonly string[]): Promise<Map<string, AgentServiceVersion[]>> {
      const wanted = new Set(serviceIds);
      const byService = new Map<string, AgentServiceVersion[]>();
      if (wanted.size === 0) return byService;
      for (const v of (await serviceVersionsRepo.list(db)).sort(byHighest)) {
        if (!wanted.has(v.service_id)) continue;
        const list = byService.get(v.service_id) ?? [];
        list.push({ version_name: v.version_name, artifact_id: v.artifact.id, sha256: v.artifact.sha256, size: v.artifact.size });
        byService.set(v.service_id, list);
      }
      return byService;
    },

    /**
     * The package of an artifact of the service, to send as it is read. With `publishedOnly` (an agent asking), only
     * an artifact that a version names: an agent has no business with unreleased uploads.
     */
    async download(id: string, artifactId: number, o: { publishedOnly?: boolean } = {}): Promise<PackageDownload> {
      const serviceId = serviceTypeOf(id);
      const a = await serviceArtifactsRepo.find(db, serviceId, artifactId);
      if (!a || (o.publishedOnly && a.syrx_controller_service_versions.length === 0)) throw AppError.notFound(`Artifact ${artifactId} of ${serviceId}`);
      const { size } = a;
      async function* slices() {
        for (let offset = 0; offset < size; offset += sliceBytes) {
          const part = await serviceArtifactsRepo.slice(db, artifactId, offset, Math.min(sliceBytes, size - offset));
          if (!part) throw new Error(`artifact ${artifactId} was deleted while it was being sent`);
          yield part;
        }
      }
      return { fileName: a.file_name, sha256: a.sha256, size: a.size, stream: () => Readable.from(slices()) };
    },
  };
}
export type ServiceVersionsService = ReturnType<typeof createServiceVersionsService>;
