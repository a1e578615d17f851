import { sql } from 'drizzle-orm';
import type { DeviceProperties } from '@syrx/contracts/devices';
import type { DbOrTx } from '../../db/client.ts';
import { bacnetDevices as d } from '../../db/schema/index.ts';
import { devicesRepo } from './devices.repo.ts';

/** What a patch from the browser's reload dialog may carry (devicePatchSchema without the id). */
export interface DevicePropertiesPatch {
  name?: string | null | undefined;
  description?: string | null | undefined;
  vendor_name?: string | null | undefined;
  model_name?: string | null | undefined;
  database_revision?: number | null | undefined;
  status?: 'available' | 'unavailable' | undefined;
}

const now = sql`now()`;

/**
 * Records the outcome of reading a device: available with the properties read (first and last available dates), or
 * unavailable with null name, vendor and description (spec 01 section 4). Returns whether its database revision changed.
 */
export async function recordRead(db: DbOrTx, id: number, props: DeviceProperties | null, previousRevision: number | null): Promise<boolean> {
  if (props) {
    await devicesRepo.update(db, id, {
      name: props.name, vendorName: props.vendor_name, description: props.description, modelName: props.model_name, databaseRevision: props.database_revision,
      availability: 'available', firstAvailableOn: sql`coalesce(${d.firstAvailableOn}, now())`, lastAvailableOn: now, lastDiscoveryAttempt: now,
    });
    return props.database_revision !== previousRevision;
  }
  await devicesRepo.update(db, id, { name: null, vendorName: null, description: null, availability: 'unavailable', lastUnavailableOn: now, lastDiscoveryAttempt: now });
  return false;
}

/** Applies a patch: a status records a read as above; fields given without a status are set as they are. */
export async function applyPatch(db: DbOrTx, id: number, patch: DevicePropertiesPatch, previousRevision: number | null): Promise<boolean> {
  if (patch.status === 'unavailable') return recordRead(db, id, null, previousRevision);
  const given = <T>(v: T | undefined, fallback: T) => (v === undefined ? fallback : v);
  if (patch.status === 'available') {
    const current = await devicesRepo.find(db, id);
    return recordRead(db, id, {
      name: given(patch.name, current?.name ?? null), vendor_name: given(patch.vendor_name, current?.vendor_name ?? null),
      description: given(patch.description, current?.description ?? null), model_name: given(patch.model_name, current?.model_name ?? null),
      database_revision: given(patch.database_revision, previousRevision),
    }, previousRevision);
  }
  const values = Object.fromEntries(
    Object.entries({ name: patch.name, vendorName: patch.vendor_name, description: patch.description, modelName: patch.model_name, databaseRevision: patch.database_revision })
      .filter(([, v]) => v !== undefined),
  );
  if (Object.keys(values).length > 0) await devicesRepo.update(db, id, values);
  return patch.database_revision !== undefined && patch.database_revision !== previousRevision;
}
