import { AppError } from '@syrx/contracts/errors';
import { type PcsDevice, type PcsPoint, type PcsSite, hasThirdLevel, treePageSize, type VendorTreeEntry } from '@syrx/contracts/data-moves';
import { type GridQuery, pageOf } from '@syrx/contracts/grid';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderByOf } from '../../lib/grid-sql.ts';
import type { Actor } from '../../security/actor.ts';
import { dataMovePermissions, requireAny } from './data-moves.access.ts';
import { byName, pointTreesRepo as repo, type VendorLevel } from './point-trees.repo.ts';

const canRead = (actor: Actor) => requireAny(actor, dataMovePermissions.readTrees, 'Reading vendor and PCS points');
const pageOfTree = (q: GridQuery) => pageOf(q, treePageSize);
/** Vendor tree levels sort by their value only (either direction); any other field is a 400 naming the allowed ones. */
const directionOf = (q: GridQuery): 'asc' | 'desc' => {
  const allowed = ['name', 'value'];
  const wrong = q.sort?.find((s) => !allowed.includes(s.field));
  if (wrong) throw AppError.badRequest(`Cannot sort by ${wrong.field}. Sort by one of: ${allowed.join(', ')}.`, [{ field: 'sort', message: `Unknown sort field: ${wrong.field}` }]);
  return q.sort?.[0]?.dir ?? 'asc';
};

/** A level of a vendor's tree as the path names it; 404 for a third level of a two-level vendor. */
function levelOf(vendor: string, parents: string[]): VendorLevel {
  const level = (parents.length + 1) as 1 | 2 | 3;
  const levels = hasThirdLevel(vendor) ? 3 : 2;
  if (level > levels) throw AppError.notFound(`The id_field_${level} level of vendor ${vendor} (it has ${levels} levels)`);
  return { vendor, level, parents, leaf: level === levels };
}

/**
 * The point trees of the move wizard (spec 02, section 7): vendor → id_field_1 → id_field_2 (→ id_field_3 for
 * 'invensys' and 'UC'), and PCS site → device → point; 20 per page by default, sorted by name.
 */
export function createPointTreesService(db: Db) {
  const siteColumns = { site_name: byName(sql`s.site_name`), name: byName(sql`s.site_name`), id: sql`s.id`, device_count: sql`device_count` };
  const deviceColumns = { name: byName(sql`d.name`), id: sql`d.id`, point_count: sql`point_count` };
  const pointColumns = {
    name: byName(sql`p.name`), id: sql`p.id`, record_count: sql`record_count`,
    earliest_record_date: sql`d.earliest_record_on`, latest_record_date: sql`d.latest_record_on`,
  };
  const orderOf = (q: GridQuery, columns: Record<string, SQL | SQL[]>) => {
    const order = orderByOf(q.sort, columns, Object.keys(columns));
    return order.length > 0 ? order : orderByOf([{ field: 'name', dir: 'asc' }], columns, ['name']);
  };

  return {
    async vendors(actor: Actor): Promise<string[]> {
      canRead(actor);
      return repo.vendors(db);
    },

    /** The entries of the level under `parents` (none: id_field_1; one: id_field_2; two: id_field_3). */
    async vendorLevel(actor: Actor, vendor: string, parents: string[], q: GridQuery): Promise<VendorTreeEntry[]> {
      canRead(actor);
      const level = levelOf(vendor, parents);
      const rows = await repo.vendorLevel(db, level, pageOfTree(q), directionOf(q));
      return rows.map((r) => ({
        value: r.value,
        vendor_point_id: r.vendor_point_id,
        path: [vendor, ...parents, r.value].join('|'),
        record_count: r.record_count,
      }));
    },

    async vendorLevelCount(actor: Actor, vendor: string, parents: string[]): Promise<number> {
      canRead(actor);
      return repo.vendorLevelCount(db, levelOf(vendor, parents));
    },

    async sites(actor: Actor, q: GridQuery): Promise<PcsSite[]> {
      canRead(actor);
      return repo.sites(db, pageOfTree(q), orderOf(q, siteColumns));
    },

    async siteCount(actor: Actor): Promise<number> {
      canRead(actor);
      return repo.siteCount(db);
    },

    async devices(actor: Actor, siteId: number, q: GridQuery): Promise<PcsDevice[]> {
      canRead(actor);
      const order = orderOf(q, deviceColumns);
      if (!(await repo.siteExists(db, siteId))) throw AppError.notFound('The PCS site');
      return repo.devices(db, siteId, pageOfTree(q), order);
    },

    async deviceCount(actor: Actor, siteId: number): Promise<number> {
      canRead(actor);
      if (!(await repo.siteExists(db, siteId))) throw AppError.notFound('The PCS site');
      return repo.deviceCount(db, siteId);
    },

    async points(actor: Actor, deviceId: number, q: GridQuery): Promise<PcsPoint[]> {
      canRead(actor);
      const order = orderOf(q, pointColumns);
      if (!(await repo.deviceExists(db, deviceId))) throw AppError.notFound('The PCS device');
      return repo.points(db, { deviceId }, pageOfTree(q), order);
    },

    async pointCount(actor: Actor, deviceId: number): Promise<number> {
      canRead(actor);
      if (!(await repo.deviceExists(db, deviceId))) throw AppError.notFound('The PCS device');
      return repo.pointCount(db, deviceId);
    },

    async point(actor: Actor, pointId: number): Promise<PcsPoint> {
      canRead(actor);
      const [point] = await repo.points(db, { pointId }, { offset: 0, limit: 1 }, [sql`p.id`]);
      if (!point) throw AppError.notFound('The PCS point');
      return point;
    },
  };
}
export type PointTreesService = ReturnType<typeof createPointTreesService>;
