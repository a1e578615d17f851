import { AppError } from '@syrx/contracts/errors';
import { type GridQuery, pageOf } from '@syrx/contracts/grid';
import type { Page } from '@syrx/contracts/jobs';
import type { PcsSiteMerged, PcsSiteRow } from '@syrx/contracts/point-sources';
import { treePageSize } from '@syrx/contracts/data-moves';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderByOf } from '../../lib/grid-sql.ts';
import type { Actor } from '../../security/actor.ts';
import { requireAny } from './data-moves.access.ts';
import { pcsSitesRepo as repo } from './pcs-sites.repo.ts';
import { byName } from './point-trees.repo.ts';

const pcsAdmin = ['pcs_admin'] as const;
const notFound = () => AppError.notFound('The PCS site');
const columns = { site_name: byName(sql`s.site_name`), id: sql`s.id`, device_count: sql`device_count`, point_count: sql`point_count`, record_count: sql`record_count` };

/**
 * Admin → PCS sites (pcs_admin; docs/data-moves.md): the sites with what they hold, renaming one (a name another site
 * has is a 400: merge them instead), merging a duplicate into another site, deleting a site without devices.
 */
export function createPcsSitesService(db: Db) {
  const canManage = (actor: Actor) => requireAny(actor, pcsAdmin, 'Managing PCS sites');

  async function row(id: number): Promise<PcsSiteRow> {
    const site = await repo.find(db, id);
    if (!site) throw notFound();
    return site;
  }

  return {
    async list(actor: Actor, q: GridQuery & { search?: string | undefined }): Promise<Page<PcsSiteRow>> {
      canManage(actor);
      const order = orderByOf(q.sort, columns, Object.keys(columns));
      const items = await repo.list(db, q.search, order.length > 0 ? order : byName(sql`s.site_name`), pageOf(q, treePageSize));
      return { items, total: await repo.count(db, q.search) };
    },

    async rename(actor: Actor, id: number, name: string): Promise<PcsSiteRow> {
      canManage(actor);
      await db.transaction(async (tx) => {
        if ((await repo.lock(tx, [id])).length === 0) throw notFound();
        if (!(await repo.rename(tx, id, name))) {
          const message = `A PCS site named "${name}" exists already: merge the two sites instead.`;
          throw AppError.badRequest(message, [{ field: 'site_name', message }]);
        }
      });
      return row(id);
    },

    async merge(actor: Actor, id: number, into: number): Promise<PcsSiteMerged> {
      canManage(actor);
      if (id === into) throw AppError.badRequest('A site cannot be merged into itself.', [{ field: 'into_site_id', message: 'Choose another site' }]);
      const counts = await db.transaction(async (tx) => {
        const found = await repo.lock(tx, [id, into]);
        if (!found.includes(id)) throw notFound();
        if (!found.includes(into)) throw AppError.badRequest(`The PCS site ${into} does not exist.`, [{ field: 'into_site_id', message: 'No such site' }]);
        return repo.merge(tx, id, into);
      });
      return { site: await row(into), ...counts };
    },

    async remove(actor: Actor, id: number): Promise<void> {
      canManage(actor);
      await db.transaction(async (tx) => {
        if ((await repo.lock(tx, [id])).length === 0) throw notFound();
        if (!(await repo.removeEmpty(tx, id))) throw AppError.badRequest('The site has devices: only an empty site can be deleted (merge it into another instead).');
      });
    },
  };
}
export type PcsSitesService = ReturnType<typeof createPcsSitesService>;
