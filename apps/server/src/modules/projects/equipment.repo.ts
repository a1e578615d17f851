import { asc, eq, sql } from 'drizzle-orm';
import type { PointType } from '@syrx/contracts/components';
import type { Equipment, EquipmentTask, PointChoice, ScheduleItem } from '@syrx/contracts/equipment';
import type { DbOrTx } from '../../db/client.ts';
import {
  componentPoints as cp, components as c, equipmentComponentPoints as ep, equipments as e, equipmentSubComponents as esc, equipmentTasks as et,
} from '../../db/schema/index.ts';

export interface EquipmentValues {
  name: string;
  description: string | null;
  department: string | null;
  model: string | null;
  manufacturer: string | null;
  serial: string | null;
  installDate: string | null;
  demoDate: string | null;
  location: string | null;
}

export interface EquipmentOwner {
  groupId: number;
  projectId: number | null;
}

const columns = {
  id: e.id, name: e.name, description: e.description, department: e.department, model: e.model, manufacturer: e.manufacturer, serial: e.serial,
  install_date: e.installDate, demo_date: e.demoDate, location: e.location, group_id: e.groupId, component_id: e.componentId, project_id: e.projectId,
};
const taskColumns = { equipment_id: et.equipmentId, component_point_id: et.componentPointId, add_exist_replace: et.addExistReplace };

/** Equipment, its subcomponents and points, the schedule of a project and the equipment tasks. */
export const equipmentRepo = {
  async find(db: DbOrTx, id: number): Promise<Equipment | null> {
    const [row] = await db.select({ ...columns, component_description: c.description }).from(e).innerJoin(c, eq(c.id, e.componentId)).where(eq(e.id, id));
    if (!row) return null;
    const points = await db
      .select({ id: ep.id, component_point_id: ep.componentPointId, point_code: ep.pointCode, point_type: sql<PointType>`${ep.pointType}`, description: cp.description })
      .from(ep).innerJoin(cp, eq(cp.id, ep.componentPointId)).where(eq(ep.equipmentId, id)).orderBy(asc(ep.id));
    const subs = await db.select({ id: esc.componentId }).from(esc).where(eq(esc.equipmentId, id)).orderBy(asc(esc.componentId));
    return { ...row, points, sub_components: subs.map((s) => s.id) };
  },

  async ownerOf(db: DbOrTx, id: number): Promise<EquipmentOwner | null> {
    const [row] = await db.select({ groupId: e.groupId, projectId: e.projectId }).from(e).where(eq(e.id, id));
    return row ?? null;
  },

  /** A new equipment with its chosen subcomponents and its points (in the order given). */
  async insert(
    tx: DbOrTx,
    owner: EquipmentOwner & { componentId: number },
    v: EquipmentValues,
    subComponents: readonly number[],
    points: readonly { componentPointId: number; pointCode: string; pointType: string }[],
  ): Promise<number> {
    const [row] = await tx.insert(e).values({ ...owner, ...v }).returning({ id: e.id });
    if (!row) throw new Error('equipment not created');
    if (subComponents.length > 0) await tx.insert(esc).values(subComponents.map((componentId) => ({ equipmentId: row.id, componentId }))).onConflictDoNothing();
    if (points.length > 0) await tx.insert(ep).values(points.map((p) => ({ equipmentId: row.id, ...p })));
    return row.id;
  },

  async update(db: DbOrTx, id: number, v: EquipmentValues): Promise<boolean> {
    return (await db.update(e).set(v).where(eq(e.id, id)).returning({ id: e.id })).length > 0;
  },

  async delete(db: DbOrTx, id: number): Promise<boolean> {
    return (await db.delete(e).where(eq(e.id, id)).returning({ id: e.id })).length > 0;
  },

  /** The project's equipment by name. */
  schedule(db: DbOrTx, projectId: number): Promise<ScheduleItem[]> {
    return db.select({ id: e.id, component_id: e.componentId, name: e.name, description: e.description }).from(e)
      .where(eq(e.projectId, projectId)).orderBy(asc(sql`lower(${e.name})`), asc(e.id));
  },

  /** The equipment's points with their point types (to check a point selection). */
  async pointTypes(db: DbOrTx, equipmentId: number): Promise<Map<number, PointType>> {
    const rows = await db.select({ id: ep.componentPointId, type: ep.pointType }).from(ep).where(eq(ep.equipmentId, equipmentId));
    return new Map(rows.map((r) => [r.id, r.type as PointType]));
  },

  /** One choice per point: added, or replaced when the point already has one. */
  async upsertTasks(db: DbOrTx, projectId: number, equipmentId: number, items: readonly { componentPointId: number; choice: PointChoice }[]): Promise<void> {
    if (items.length === 0) return;
    await db.insert(et).values(items.map((i) => ({ projectId, equipmentId, componentPointId: i.componentPointId, addExistReplace: i.choice })))
      .onConflictDoUpdate({ target: [et.equipmentId, et.componentPointId], set: { addExistReplace: sql`excluded.add_exist_replace`, projectId, updatedAt: sql`now()` } });
  },

  tasksOf(db: DbOrTx, equipmentId: number): Promise<EquipmentTask[]> {
    return db.select(taskColumns).from(et).where(eq(et.equipmentId, equipmentId)).orderBy(asc(et.componentPointId));
  },
};
