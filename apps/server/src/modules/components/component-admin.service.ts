import type { AuditAction } from '@syrx/contracts/audit';
import { type ComponentPoint, type ComponentType, componentMessages, type PointFields } from '@syrx/contracts/components';
import { AppError } from '@syrx/contracts/errors';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isReferenceViolation, isUniqueViolation } from '../../lib/pg-errors.ts';
import type { Actor } from '../../security/actor.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import { componentAdminRepo as repo } from './component-admin.repo.ts';

type Point = Required<PointFields>;
const fieldError = (status: 400 | 409, field: string, message: string) =>
  status === 400 ? AppError.badRequest(message, [{ field, message }]) : AppError.conflict(message, [{ field, message }]);

/**
 * The Admin screens of the component taxonomy (components_manage; docs/catalogues.md): add a type under a parent,
 * rename it, mark a top-level one as a schedule type, move it among its siblings, delete it with the types below it
 * while no equipment uses any of them; a type's points. Every change is audited in its transaction.
 */
export function createComponentAdminService(db: Db, audit: AuditRecorder) {
  async function type(tx: DbOrTx, id: number): Promise<ComponentType> {
    const found = await repo.type(tx, id);
    if (!found) throw AppError.notFound('The component type');
    return found;
  }

  async function point(tx: DbOrTx, id: number): Promise<ComponentPoint> {
    const found = await repo.point(tx, id);
    if (!found) throw AppError.notFound('The component point');
    return found;
  }

  const record = (tx: DbOrTx, action: AuditAction, actor: Actor, target: { type: string; id: number }, details: Record<string, unknown>) =>
    audit.record({ action, actor, target: { type: target.type, id: String(target.id) }, details }, tx);

  /** A write in a transaction; a unique index's refusal (a concurrent write) is the 409 the check gives. */
  async function writing<T>(conflict: () => AppError, write: (tx: DbOrTx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(write);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict();
      throw err;
    }
  }

  async function checkType(tx: DbOrTx, parentId: number | null, description: string, isScheduleType: boolean, exceptId = 0): Promise<void> {
    if (isScheduleType && parentId !== null) throw fieldError(400, 'is_schedule_type', componentMessages.scheduleTopOnly);
    if (await repo.siblingNamed(tx, parentId, description, exceptId)) throw fieldError(409, 'description', componentMessages.typeTaken(description));
  }

  async function checkPoint(tx: DbOrTx, componentId: number, p: Point, exceptId = 0): Promise<void> {
    if (await repo.pointCoded(tx, componentId, p.point_code, exceptId)) throw fieldError(409, 'point_code', componentMessages.pointTaken(p.point_code));
  }

  /** Deletes a row nothing uses (409 with `inUse`'s message while `usage` counts any), audited in its transaction. */
  async function removeUnused<R>(actor: Actor, id: number, what: {
    kind: string;
    find: (tx: DbOrTx, id: number) => Promise<R>;
    usage: (tx: DbOrTx, id: number) => Promise<number>;
    delete: (tx: DbOrTx, id: number) => Promise<void>;
    inUse: (row: R, n: number) => string;
    details: (row: R) => Record<string, unknown>;
  }): Promise<void> {
    let row: R | undefined;
    await db.transaction(async (tx) => {
      row = await what.find(tx, id);
      const used = await what.usage(tx, id);
      if (used > 0) throw AppError.conflict(what.inUse(row, used));
      await what.delete(tx, id);
      await record(tx, 'catalogue.delete', actor, { type: what.kind, id }, what.details(row));
    }).catch(async (err: unknown) => {
      // A reference written since the count refuses the delete (ON DELETE RESTRICT): the same 409.
      if (row !== undefined && isReferenceViolation(err)) throw AppError.conflict(what.inUse(row, Math.max(1, await what.usage(db, id))));
      throw err;
    });
  }

  const typeTaken = (d: string) => () => fieldError(409, 'description', componentMessages.typeTaken(d));
  const pointTaken = (code: string) => () => fieldError(409, 'point_code', componentMessages.pointTaken(code));

  return {
    types: (): Promise<ComponentType[]> => repo.types(db),

    async createType(actor: Actor, v: { parent_id: number | null; description: string; is_schedule_type: boolean }): Promise<ComponentType> {
      const id = await writing(typeTaken(v.description), async (tx) => {
        if (v.parent_id !== null && !(await repo.type(tx, v.parent_id))) throw fieldError(400, 'parent_id', componentMessages.parentUnknown);
        await checkType(tx, v.parent_id, v.description, v.is_schedule_type);
        const created = await repo.insertType(tx, { parentId: v.parent_id, description: v.description, isScheduleType: v.is_schedule_type });
        await record(tx, 'catalogue.create', actor, { type: 'component_type', id: created }, { description: v.description, parent_id: v.parent_id });
        return created;
      });
      return type(db, id);
    },

    async updateType(actor: Actor, id: number, v: { description: string; is_schedule_type: boolean }): Promise<ComponentType> {
      await writing(typeTaken(v.description), async (tx) => {
        const before = await type(tx, id);
        await checkType(tx, before.parent_id, v.description, v.is_schedule_type, id);
        await repo.updateType(tx, id, { description: v.description, isScheduleType: v.is_schedule_type });
        await record(tx, 'catalogue.update', actor, { type: 'component_type', id }, { description: v.description, is_schedule_type: v.is_schedule_type });
      });
      return type(db, id);
    },

    /** One place up or down among its siblings (the first stays first, the last last); answers the siblings in order. */
    async moveType(actor: Actor, id: number, direction: 'up' | 'down'): Promise<ComponentType[]> {
      const parentId = await db.transaction(async (tx) => {
        const moved = await type(tx, id);
        const ids = await repo.siblingIds(tx, moved.parent_id);
        const from = ids.indexOf(id);
        const to = Math.min(ids.length - 1, Math.max(0, from + (direction === 'up' ? -1 : 1)));
        ids.splice(to, 0, ...ids.splice(from, 1));
        await repo.setOrder(tx, ids);
        await record(tx, 'catalogue.update', actor, { type: 'component_type', id }, { description: moved.description, moved: direction });
        return moved.parent_id;
      });
      return (await repo.types(db)).filter((t) => t.parent_id === parentId);
    },

    removeType: (actor: Actor, id: number): Promise<void> => removeUnused(actor, id, {
      kind: 'component_type', find: type, usage: repo.subtreeUsage, delete: repo.deleteType,
      inUse: (t, n) => componentMessages.typeInUse(t.description, n), details: (t) => ({ description: t.description }),
    }),

    async points(componentId: number): Promise<ComponentPoint[]> {
      await type(db, componentId);
      return repo.points(db, componentId);
    },

    async addPoint(actor: Actor, componentId: number, p: Point): Promise<ComponentPoint> {
      const id = await writing(pointTaken(p.point_code), async (tx) => {
        await type(tx, componentId);
        await checkPoint(tx, componentId, p);
        const created = await repo.insertPoint(tx, componentId, p);
        await record(tx, 'catalogue.create', actor, { type: 'component_point', id: created }, { component_id: componentId, point_code: p.point_code });
        return created;
      });
      return point(db, id);
    },

    async updatePoint(actor: Actor, id: number, p: Point): Promise<ComponentPoint> {
      await writing(pointTaken(p.point_code), async (tx) => {
        const before = await point(tx, id);
        await checkPoint(tx, before.component_id, p, id);
        await repo.updatePoint(tx, id, p);
        await record(tx, 'catalogue.update', actor, { type: 'component_point', id }, { component_id: before.component_id, point_code: p.point_code });
      });
      return point(db, id);
    },

    removePoint: (actor: Actor, id: number): Promise<void> => removeUnused(actor, id, {
      kind: 'component_point', find: point, usage: repo.pointUsage, delete: repo.deletePoint,
      inUse: (p, n) => componentMessages.pointInUse(p.point_code, n), details: (p) => ({ component_id: p.component_id, point_code: p.point_code }),
    }),
  };
}
export type ComponentAdminService = ReturnType<typeof createComponentAdminService>;
