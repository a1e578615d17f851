import { Readable, pipeline } from 'node:stream';
import { AppError } from '@syrx/contracts/errors';
import { objectIdLabel } from '@syrx/contracts/bacnet';
import type { Page } from '@syrx/contracts/jobs';
import {
  eventStateNames, type FindingsFilter, type FindingsQuery, type FleetRow, type PointHealthFinding, pointHealthMessages,
  type PointHealthSweep, reliabilityNames, type StartSweep, type SweepController, type SweepsQuery,
} from '@syrx/contracts/point-health';
import type { Db } from '../../db/client.ts';
import { csvStringifier } from '../../lib/csv.ts';
import type { Actor } from '../../security/actor.ts';
import type { ControllersService } from '../controllers/controllers.service.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import { findingsRepo } from './findings.repo.ts';
import { queueSweep, sweepSettings } from './sweep-queue.ts';
import { sweepsRepo, type Visible } from './sweeps.repo.ts';

export interface PointHealthDeps {
  db: Db;
  controllers: Pick<ControllersService, 'accessible' | 'requireAdmin' | 'requireManager'>;
  groups: Pick<GroupsService, 'canSee' | 'visibleSql'>;
  jobs: Pick<JobsService, 'create' | 'wake'>;
}

const sweepNotFound = () => AppError.notFound('The point health sweep');
const pageOf = (q: { page: number; page_size: number }) => ({ offset: (q.page - 1) * q.page_size, limit: q.page_size });
const flagsText = (f: PointHealthFinding['status_flags']) =>
  f ? Object.entries(f).filter(([, on]) => on).map(([flag]) => flag).join(' ') : '';
const named = (names: Readonly<Record<number, string>>, n: number | null) => (n === null ? '' : (names[n] ?? String(n)));

const csvColumns = [
  'category', 'change', 'controller', 'device_instance', 'device_name', 'object', 'point_name', 'present_value', 'units', 'status_flags',
  'out_of_service', 'reliability', 'event_state', 'priority', 'detail', 'latest_record_on', 'relinquished_at', 'relinquished_by',
];
const csvRow = (f: PointHealthFinding): (string | number | boolean | null)[] => [
  f.category, f.change, f.syrx_controller_name, f.device_instance, f.device_name, f.object_type === null ? '' : objectIdLabel(f.object_type, f.instance_number ?? 0),
  f.point_name, f.present_value, f.units, flagsText(f.status_flags), f.out_of_service, named(reliabilityNames, f.reliability), named(eventStateNames, f.event_state),
  f.priority, f.detail, f.latest_record_on, f.relinquished_at, f.relinquished_by,
];

/**
 * Point health sweeps (docs/point-health.md): starting one as a job, reading sweeps, their controllers and findings
 * (pages, CSV, against the previous sweep of the scope) and the fleet view. Viewing follows the controllers' groups;
 * starting needs pcs_admin, or a group role granting group_controllers_manage in the scope's group.
 */
export function createPointHealthService({ db, controllers, groups, jobs }: PointHealthDeps) {
  const visibleTo = (actor: Actor): Visible => (groupId) => groups.visibleSql(actor, groupId);

  async function get(actor: Actor, id: number): Promise<PointHealthSweep> {
    const sweep = await sweepsRepo.get(db, visibleTo(actor), id);
    if (!sweep) throw sweepNotFound();
    return sweep;
  }

  async function requireGroup(actor: Actor, groupId: number): Promise<void> {
    if (!(await groups.canSee(actor, groupId))) throw AppError.notFound('The group');
  }

  /** The sweep's finding set: it, and the previous succeeded sweep of its scope for the comparison. */
  async function findingSet(actor: Actor, id: number) {
    await get(actor, id);
    return { sweepId: id, previousId: await findingsRepo.previousOf(db, id) };
  }

  return {
    get,

    /** Queues a sweep of one controller or of a group's controllers (its subgroups' too); 202 with the queued sweep. */
    async start(actor: Actor, body: StartSweep): Promise<PointHealthSweep> {
      controllers.requireManager(actor);
      const { syrx_controller_id: controllerId, group_id: groupId } = body;
      if (controllerId === undefined && groupId === undefined) throw AppError.badRequest(pointHealthMessages.scopeRequired, [{ field: 'syrx_controller_id', message: 'Required' }]);
      if (controllerId !== undefined && groupId !== undefined) throw AppError.badRequest(pointHealthMessages.oneScope, [{ field: 'group_id', message: pointHealthMessages.oneScope }]);
      if (controllerId !== undefined) {
        controllers.requireAdmin(actor, (await controllers.accessible(actor, controllerId)).group_id);
      } else {
        await requireGroup(actor, groupId as number);
        controllers.requireAdmin(actor, groupId);
      }
      const scope = { controllerId: controllerId ?? null, groupId: groupId ?? null };
      const id = await db.transaction((tx) => queueSweep(tx, jobs, scope, actor.userId, sweepSettings(body)));
      jobs.wake();
      return get(actor, id);
    },

    async list(actor: Actor, q: SweepsQuery): Promise<Page<PointHealthSweep>> {
      if (q.syrx_controller_id !== undefined) await controllers.accessible(actor, q.syrx_controller_id);
      if (q.group_id !== undefined) await requireGroup(actor, q.group_id);
      return sweepsRepo.list(db, visibleTo(actor), { controllerId: q.syrx_controller_id, groupId: q.group_id }, pageOf(q));
    },

    async controllers(actor: Actor, id: number): Promise<SweepController[]> {
      await get(actor, id);
      return sweepsRepo.controllers(db, visibleTo(actor), id);
    },

    async findings(actor: Actor, id: number, q: FindingsQuery): Promise<Page<PointHealthFinding>> {
      const set = await findingSet(actor, id);
      const [field, dir] = q.sort?.split(':') ?? [];
      const sort = field && (dir === 'asc' || dir === 'desc') ? { field, dir } as const : null;
      return findingsRepo.page(db, visibleTo(actor), set, q, sort, pageOf(q));
    },

    /** Every finding of the filter as CSV (a header, then the grid's default order). */
    async csv(actor: Actor, id: number, filter: FindingsFilter): Promise<Readable> {
      const set = await findingSet(actor, id);
      async function* rows() {
        for await (const f of findingsRepo.all(db, visibleTo(actor), set, filter)) yield csvRow(f);
      }
      const out = csvStringifier({ header: true, columns: csvColumns, cast: { boolean: (b) => (b ? 'true' : 'false') } });
      // A failure part-way destroys `out` with the error; the HTTP layer then aborts the response.
      pipeline(Readable.from(rows()), out, () => undefined);
      return out;
    },

    async fleet(actor: Actor, groupId: number | undefined): Promise<FleetRow[]> {
      if (groupId !== undefined) await requireGroup(actor, groupId);
      return sweepsRepo.fleet(db, visibleTo(actor), groupId);
    },
  };
}
export type PointHealthService = ReturnType<typeof createPointHealthService>;
