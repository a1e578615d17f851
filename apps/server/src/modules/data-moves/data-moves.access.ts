import { AppError } from '@syrx/contracts/errors';
import { sharedCatalogueWritePermissions } from '@syrx/contracts/permissions';
import type { Actor } from '../../security/actor.ts';

/** Who may do what with vendor and PCS points and their records (docs/permissions.md, "Vendor and PCS points" and "Shared catalogues and group data"). */
export const dataMovePermissions = {
  readTrees: ['vendor_data_view', 'move_vendor_point_records', 'pcs_admin'],
  /**
   * The imports write the shared catalogues (PCS sites, devices, points; vendor points), which belong to no group: only
   * permissions an administrator grants, never group_data_upload (the self-registration role's, for the group's own points).
   */
  importFiles: sharedCatalogueWritePermissions,
  moveRecords: ['move_vendor_point_records'],
  /** Every move job in the move-job list (others see the ones they queued). */
  seeAllMoveJobs: ['move_vendor_point_records', 'nightly_process_logs_view', 'pcs_admin'],
} as const;

export const hasAny = (actor: Actor, permissions: readonly string[]) => permissions.some((p) => actor.permissions.has(p));

/** 403 unless the actor holds one of the permissions; the message names them. */
export function requireAny(actor: Actor, permissions: readonly string[], what: string): void {
  if (!hasAny(actor, permissions)) throw AppError.forbidden(`${what} needs one of the permissions ${permissions.join(', ')}.`);
}
