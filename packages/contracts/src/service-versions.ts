import semver from 'semver';
import { z } from 'zod';
import { toCanonical } from './fields.ts';
import { canonicalServiceId, serviceTypeSchema } from './services.ts';

/**
 * Published versions of the controller services and the packages behind them (spec 02, sections 3–5, 7 and 8;
 * docs/service-versions.md). A service type is one of the product's fixed services (services.ts); an artifact is a
 * built package with its sha256; a version names an artifact with a semver version, and a locked one is immutable.
 */

/** The form's and the server's messages, verbatim where the specification gives them. */
export const serviceVersionMessages = {
  serviceRequired: 'A value must be supplied for Service',
  versionRequired: 'A value must be supplied for Version',
  versionInvalid: 'Provided Version is not a valid semver version',
  artifactRequired: 'A value must be supplied for Artifact',
  duplicate: 'The specified version already exists for this service',
  saveFailed: 'An error occurred trying to save the syrx controller service version',
  deleteFailed: 'An error occurred while trying to delete the service version',
  locked: 'This version is locked: it can be neither edited nor deleted.',
  serviceMismatch: 'The service of a version is fixed by the path and cannot be changed.',
  versionMismatch: 'The version name of a version is fixed by the path and cannot be changed.',
  artifactOfAnotherService: 'The artifact does not exist or belongs to another service.',
  artifactInUse: 'The artifact is used by a version and cannot be deleted.',
  emptyPackage: 'The package is empty.',
  checksumMismatch: 'The package does not match the sha256 that was sent with it.',
} as const;

/** The largest package the server accepts (POST …/artifacts). */
export const maxArtifactBytes = 200 * 1024 * 1024;
/** The response header of a package download that carries its sha256 (hex); the updater verifies the bytes with it. */
export const artifactSha256Header = 'x-artifact-sha256';

/**
 * A version name in its canonical form ("v1.2.3" → "1.2.3"), or null when it is not a valid semver version. Build
 * metadata ("+abc") is dropped: it has no precedence, so two versions differing only by it could not be told apart by
 * a range; the artifact's git revision records the build.
 */
export function normaliseVersionName(name: string): string | null {
  return semver.valid(name.trim());
}

/** Highest version first (semver precedence). */
export const compareVersionNamesDesc = (a: string, b: string): number => semver.rcompare(a, b);

/** Version: required, a valid semver version, canonical. */
export const versionNameSchema = z
  .string({ error: serviceVersionMessages.versionRequired })
  .trim()
  .min(1, serviceVersionMessages.versionRequired)
  .max(256, serviceVersionMessages.versionInvalid)
  .transform(toCanonical(normaliseVersionName, serviceVersionMessages.versionInvalid));

/** Service: required, one of the service types (older ids without "Services." are accepted), canonical. */
export const versionServiceIdSchema = z
  .string({ error: serviceVersionMessages.serviceRequired })
  .trim()
  .min(1, serviceVersionMessages.serviceRequired)
  .max(200)
  .transform(toCanonical(canonicalServiceId, (id) => `Unknown service: ${id}`));

/** Artifact: required, an artifact id. */
export const versionArtifactIdSchema = z.number({ error: serviceVersionMessages.artifactRequired }).int().positive(serviceVersionMessages.artifactRequired);

/** POST /api/v2/syrx-controller-service-types/{id}/versions */
export const serviceVersionInputSchema = z.object({
  service_id: versionServiceIdSchema,
  version_name: versionNameSchema,
  syrx_controller_service_artifact_id: versionArtifactIdSchema,
  /** Lock it at once (a build pipeline publishing a release). */
  is_locked: z.boolean().optional().default(false),
});
export type ServiceVersionInput = z.input<typeof serviceVersionInputSchema>;

/**
 * PUT /api/v2/syrx-controller-service-types/{id}/versions/{version}: the artifact and the lock (one-way). Service and
 * version are fixed; when sent they must be those of the path.
 */
export const serviceVersionUpdateSchema = z.object({
  service_id: versionServiceIdSchema.optional(),
  version_name: versionNameSchema.optional(),
  syrx_controller_service_artifact_id: versionArtifactIdSchema.optional(),
  is_locked: z.boolean().optional(),
});
export type ServiceVersionUpdate = z.input<typeof serviceVersionUpdateSchema>;

/** The package file of an artifact, as the updater verifies it. */
export const artifactFileShape = {
  /** Hex sha256 of the package. */
  sha256: z.string(),
  /** Bytes. */
  size: z.number().int(),
};

/** What a version shows of its artifact. */
export const artifactSummarySchema = z.object({
  id: z.number().int(),
  created_date: z.string(),
  git_revision: z.string(),
  file_name: z.string(),
  ...artifactFileShape,
});
export type ArtifactSummary = z.infer<typeof artifactSummarySchema>;

/** GET …/versions, GET/PUT …/versions/{version}, POST …/versions (201). */
export const serviceVersionSchema = z.object({
  service_id: z.string(),
  version_name: z.string(),
  syrx_controller_service_artifact_id: z.number().int(),
  is_locked: z.boolean(),
  created_date: z.string(),
  artifact: artifactSummarySchema,
});
export type ServiceVersion = z.infer<typeof serviceVersionSchema>;

/** GET …/artifacts (newest first), POST …/artifacts (201). */
export const serviceArtifactSchema = artifactSummarySchema.extend({
  service_id: z.string(),
  syrx_controller_service_versions: z.array(z.object({ version_name: z.string(), is_locked: z.boolean() })),
});
export type ServiceArtifact = z.infer<typeof serviceArtifactSchema>;

/** GET /api/v2/syrx-controller-service-types with each type's versions in full (highest first). */
export const serviceTypeWithVersionsSchema = serviceTypeSchema.extend({ syrx_controller_service_versions: z.array(serviceVersionSchema) });
export type ServiceTypeWithVersions = z.infer<typeof serviceTypeWithVersionsSchema>;

const booleanText = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * The query of POST …/artifacts, whose body is the package (application/octet-stream). With version_name the version
 * is created with it in one transaction (409 on a duplicate, and then nothing is stored).
 */
export const publishArtifactQuerySchema = z.object({
  git_revision: z.string().trim().max(200).optional().default(''),
  // No control characters (C0, DEL, C1): a file name is sent back in a Content-Disposition header and shown in lists.
  // eslint-disable-next-line no-control-regex
  file_name: z.string().trim().min(1).max(255).regex(/^[^/\\\u0000-\u001f\u007f-\u009f]+$/, 'A file name without slashes or control characters').optional(),
  /** When sent, the package must have this sha256 (hex), or nothing is stored. */
  sha256: z.string().regex(/^[0-9a-fA-F]{64}$/, 'A sha256 in hex (64 characters)').transform((s) => s.toLowerCase()).optional(),
  version_name: versionNameSchema.optional(),
  is_locked: booleanText.optional().default(false),
});
export type PublishArtifactQuery = z.input<typeof publishArtifactQuerySchema>;
