import type { EnabledService } from '@syrx/contracts/controllers';
import { assignedVersionSchema, normaliseSemverRange } from '@syrx/contracts/semver-range';
import { type ServiceType, canonicalServiceId, serviceIds } from '@syrx/contracts/services';

/** One row of the enabled-services form: a service type, whether it is enabled and the version range assigned. */
export interface EnabledServiceRow {
  service_id: string;
  description: string;
  is_enabled: boolean;
  assigned_version: string;
}

export interface EnabledServicesFormValues {
  services: EnabledServiceRow[];
}

export const submitFailedMessage = 'An error occurred attempting to submit the enabled services list';

/** The updater keeps the other services at their versions; it cannot be disabled. */
export const isUpdater = (serviceId: string): boolean => canonicalServiceId(serviceId) === serviceIds.updater;

/** One row per service type, filled from the controller's enabled services (matched by canonical id). */
export function toServiceRows(types: readonly ServiceType[], enabled: readonly EnabledService[]): EnabledServiceRow[] {
  const byId = new Map(enabled.map((s) => [canonicalServiceId(s.service_id) ?? s.service_id, s]));
  return types.map((type) => {
    const current = byId.get(canonicalServiceId(type.id) ?? type.id);
    return {
      service_id: type.id,
      description: type.description,
      is_enabled: current !== undefined || isUpdater(type.id),
      assigned_version: current?.assigned_version ?? '',
    };
  });
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
