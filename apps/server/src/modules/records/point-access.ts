import { AppError } from '@syrx/contracts/errors';
import { sharedCatalogueReadPermissions } from '@syrx/contracts/permissions';
import type { PointDataKind } from '@syrx/contracts/point-data';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../security/actor.ts';
import type { GroupVisibility } from '../../security/group-scope.ts';
import type { ControllersService } from '../controllers/controllers.service.ts';
import { grantsAnywhere, grantsIn } from '../roles/group-grants.service.ts';
import { type KindPointRow, recordPointsRepo } from './record-points.repo.ts';

/** The subject of a kind's 404 (a point that does not exist or that the reader may not know of). */
export const pointSubjects: Record<PointDataKind, string> = {
  controller: 'The BACnet point',
  vendor: 'The vendor point',
  pcs: 'The PCS point',
  group: 'The group point',
};

export interface PointAccessDeps {
  controllers: Pick<ControllersService, 'accessible'>;
  groups: GroupVisibility;
}

const mayReadGroupData = (actor: Actor, groupId: number | null) => actor.permissions.has('group_data_view') || grantsIn(actor.groupGrants, 'group_data_view', groupId);

/**
 * Who reads which points' records (docs/permissions.md, "Shared catalogues and group data"): a controller's BACnet
 * points, whoever sees the controller; vendor and PCS points (shared catalogues), the holders of their read
 * permissions; a group's points, who sees the group and holds group_data_view (or a group role granting it there). A
 * point that does not exist, or whose controller or group the reader cannot see, is a 404; the whole read fails.
 */
export function createPointAccess(db: DbOrTx, deps: PointAccessDeps) {
  /** 403 before any lookup for a reader who can read no point of the kind. */
  function requireKind(actor: Actor, kind: PointDataKind): void {
    if ((kind === 'vendor' || kind === 'pcs') && !sharedCatalogueReadPermissions.some((p) => actor.permissions.has(p))) {
      throw AppError.forbidden(`Reading ${kind === 'vendor' ? 'vendor' : 'PCS'} point data needs one of the permissions ${sharedCatalogueReadPermissions.join(', ')}.`);
    }
    if (kind === 'group' && !actor.permissions.has('group_data_view') && !grantsAnywhere(actor.groupGrants, 'group_data_view')) {
      throw AppError.forbidden('Reading group point data needs the permission group_data_view.');
    }
  }

  async function requireOwner(actor: Actor, kind: PointDataKind, owner: string | null): Promise<void> {
    const missing = () => AppError.notFound(pointSubjects[kind]);
    if (kind === 'controller' && owner !== null) {
      await deps.controllers.accessible(actor, owner).catch((err: unknown) => {
        throw err instanceof AppError && err.status === 404 ? missing() : err;
      });
    }
    if (kind === 'group') {
      const groupId = Number(owner);
      if (!(await deps.groups.canSee(actor, groupId))) throw missing();
      if (!mayReadGroupData(actor, groupId)) throw AppError.forbidden('Reading this group\'s point data needs the permission group_data_view in it.');
    }
  }

  /** The points in the order asked, once the reader may read every one. */
  async function visiblePoints(actor: Actor, kind: PointDataKind, ids: number[]): Promise<KindPointRow[]> {
    requireKind(actor, kind);
    const byId = new Map((await recordPointsRepo.of(db, kind, ids)).map((r) => [r.point_id, r]));
    const points = ids.map((id) => {
      const p = byId.get(id);
      if (!p) throw AppError.notFound(pointSubjects[kind]);
      return p;
    });
    for (const owner of new Set(points.map((p) => p.owner))) await requireOwner(actor, kind, owner);
    return points;
  }

  return { requireKind, visiblePoints };
}
export type PointAccess = ReturnType<typeof createPointAccess>;
