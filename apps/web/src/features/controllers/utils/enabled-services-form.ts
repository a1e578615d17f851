import type { EnabledService } from '@syrx/contracts/controllers';
import { assignedVersionSchema, defaultAssignedRange, normaliseSemverRange, resolvedVersion } from '@syrx/contracts/semver-range';
import { type ServiceType, canonicalServiceId, serviceIds } from '@syrx/contracts/services';

/** One row of the enabled-services form: a service type, whether it is enabled and the version range assigned. */
export interface EnabledServiceRow {
  service_id: string;
  description: string;
  is_enabled: boolean;
  assigned_version: string;
  /** The versions of the service published so far (what a range can resolve to besides the built-in one). */
  published: readonly string[];
}

export interface EnabledServicesFormValues {
  services: EnabledServiceRow[];
}

export const submitFailedMessage = 'An error occurred attempting to submit the enabled services list';

/** The updater keeps the other services at their versions; it cannot be disabled. */
export const isUpdater = (serviceId: string): boolean => canonicalServiceId(serviceId) === serviceIds.updater;

/**
 * One row per service type, filled from the controller's enabled services (matched by canonical id); a service not
 * enabled is offered the current major's range, ready for when it is.
 */
export function toServiceRows(types: readonly ServiceType[], enabled: readonly EnabledService[]): EnabledServiceRow[] {
  const byId = new Map(enabled.map((s) => [canonicalServiceId(s.service_id) ?? s.service_id, s]));
  return types.map((type) => {
    const current = byId.get(canonicalServiceId(type.id) ?? type.id);
    const published = type.syrx_controller_service_versions.map((v) => v.version_name);
    return {
      service_id: type.id,
      description: type.description,
      is_enabled: current !== undefined || isUpdater(type.id),
      assigned_version: current?.assigned_version ?? defaultAssignedRange(published),
      published,
    };
  });
}

/** What an assigned range resolves to, said under its field; undefined while it is no range. */
export function resolvesToHint(range: string, published: readonly string[]): string | undefined {
  const normalised = normaliseSemverRange(range);
  if (normalised === null) return undefined;
  const resolved = resolvedVersion(normalised, published);
  if (resolved === null) return 'No published version satisfies this range';
  if (!resolved.builtIn) return `Resolves to ${resolved.version}`;
  return resolved.fits ? `Resolves to ${resolved.version} (built in)` : `Nothing is published: the built-in ${resolved.version} runs, outside this range`;
}

/** The message under an assigned version ('Required', 'Not a valid semver range'), or undefined when it is valid. */
export function assignedVersionError(value: string | undefined): string | undefined {
  const result = assignedVersionSchema.safeParse(value ?? '');
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** What an assigned version becomes when its field loses focus: the normalised range, or as typed when it is none. */
export function normaliseOnBlur(value: string): string {
  return normaliseSemverRange(value) ?? value;
}

/** The body of PUT …/enabled-services: the enabled rows only, ranges normalised. */
export function toEnabledServicesPayload(rows: readonly EnabledServiceRow[]): { service_id: string; assigned_version: string }[] {
  return rows
    .filter((row) => row.is_enabled || isUpdater(row.service_id))
    .map((row) => ({ service_id: row.service_id, assigned_version: normaliseOnBlur(row.assigned_version.trim()) }));
}
