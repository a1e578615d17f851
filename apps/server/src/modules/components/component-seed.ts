import type { DbOrTx } from '../../db/client.ts';
import type { CatalogueType } from './component-catalogue.ts';
import { componentsRepo as repo, type StoredComponent } from './components.repo.ts';

interface Placed {
  node: CatalogueType;
  parentId: number | null;
  sortOrder: number;
}

const keyOf = (parentId: number | null, description: string) => `${parentId ?? 0}\u0000${description}`;
const indexed = (rows: readonly StoredComponent[]) => new Map(rows.map((r) => [keyOf(r.parent_id, r.description), r]));

/**
 * Brings the stored taxonomy up to the catalogue: adds missing types (found by parent and description, level by level)
 * and points (by component and point code), and corrects the schedule flag, order, descriptions and point types of
 * the catalogue's own entries. Types and points added by hand stay. On a database already up to date it only reads.
 */
export async function seedCatalogue(db: DbOrTx, catalogue: readonly CatalogueType[]): Promise<void> {
  let byKey = indexed(await repo.all(db));
  const points: { componentId: number; pointCode: string; description: string; pointType: string; sortOrder: number }[] = [];
  let level: Placed[] = catalogue.map((node, i) => ({ node, parentId: null, sortOrder: i }));
  while (level.length > 0) {
    const missing = level.filter((p) => !byKey.has(keyOf(p.parentId, p.node.description)));
    if (missing.length > 0) {
      await repo.insertTypes(db, missing.map((p) => ({ parentId: p.parentId, description: p.node.description, isScheduleType: p.node.schedule === true, sortOrder: p.sortOrder })));
      byKey = indexed(await repo.all(db));
    }
    const next: Placed[] = [];
    for (const p of level) {
      const stored = byKey.get(keyOf(p.parentId, p.node.description));
      if (!stored) throw new Error(`component type "${p.node.description}" was not stored`);
      const isScheduleType = p.node.schedule === true;
      if (stored.is_schedule_type !== isScheduleType || stored.sort_order !== p.sortOrder) await repo.updateType(db, stored.id, { isScheduleType, sortOrder: p.sortOrder });
      (p.node.points ?? []).forEach(([pointCode, description, pointType], i) => points.push({ componentId: stored.id, pointCode, description, pointType, sortOrder: i }));
      (p.node.children ?? []).forEach((node, i) => next.push({ node, parentId: stored.id, sortOrder: i }));
    }
    level = next;
  }
  const storedPoints = new Map((await repo.allPoints(db)).map((p) => [`${p.component_id}\u0000${p.point_code}`, p]));
  await repo.upsertPoints(db, points.filter((p) => {
    const s = storedPoints.get(`${p.componentId}\u0000${p.pointCode}`);
    return !s || s.description !== p.description || s.point_type !== p.pointType || s.sort_order !== p.sortOrder;
  }));
}
