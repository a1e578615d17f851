import { sql } from 'drizzle-orm';
import { type ComponentMatch, type ComponentNode, typeaheadLimit } from '@syrx/contracts/components';
import { AppError } from '@syrx/contracts/errors';
import { seedWhenChanged } from '../../db/catalogue-seeds.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type CataloguePoint, type CatalogueType, componentCatalogue } from './component-catalogue.ts';
import { seedCatalogue } from './component-seed.ts';
import { buildTrees, pointSourceTypes } from './component-tree.ts';
import { type ComponentPointRow, componentsRepo as repo } from './components.repo.ts';

export type { ComponentPointRow };

/**
 * Seeds the HVAC component taxonomy and its points when the release brings a changed one (run at every start by the
 * bootstrap; an administrator's edits stay across restarts).
 */
export async function seedComponents(db: DbOrTx): Promise<void> {
  await seedWhenChanged(db, 'components', componentCatalogue, (tx) => seedCatalogue(tx, componentCatalogue));
}

/** Every point code of the catalogue once, with its first description and type: the generic points an installation starts with. */
export function catalogueGenericPoints(): CataloguePoint[] {
  const byCode = new Map<string, CataloguePoint>();
  const walk = (types: readonly CatalogueType[]): void => types.forEach((t) => {
    for (const point of t.points ?? []) if (!byCode.has(point[0])) byCode.set(point[0], point);
    walk(t.children ?? []);
  });
  walk(componentCatalogue);
  return [...byCode.values()];
}

/**
 * The component type taxonomy (spec 02 sections 3 and 7): the schedule tree, a type's descendants and the typeahead
 * are for any signed-in user (the taxonomy belongs to no group). The equipment service asks it which types' points an
 * equipment gets.
 */
export function createComponentsService(db: DbOrTx) {
  return {
    /** The schedule types (a project schedule's sections), each with its whole subtree. */
    async scheduleTree(): Promise<ComponentNode[]> {
      const ids = await repo.scheduleTypeIds(db);
      return buildTrees(await repo.subtrees(db, sql`is_schedule_type`), ids);
    },

    /** The children of a component, each with its subtree; 404 for no such component. */
    async descendants(id: number): Promise<ComponentNode[]> {
      const [root] = buildTrees(await repo.subtrees(db, sql`id = ${id}`), [id]);
      if (!root) throw AppError.notFound('The component');
      return root.children;
    },

    /** At most five components whose description contains the text, in any letter case (spec 02 section 9). */
    typeahead(text: string): Promise<ComponentMatch[]> {
      return repo.typeahead(db, text, typeaheadLimit);
    },

    exists: (id: number): Promise<boolean> => repo.exists(db, id),

    /**
     * The points an equipment of `componentId` with these chosen subcomponents gets: the component's, and those of every
     * type from it down to each chosen one. `invalid` lists chosen ids that are not below the component.
     */
    async pointsFor(tx: DbOrTx, componentId: number, chosen: readonly number[]): Promise<{ points: ComponentPointRow[]; invalid: number[] }> {
      const { types, invalid } = pointSourceTypes(componentId, await repo.chains(tx, chosen, componentId), chosen);
      return { points: invalid.length > 0 ? [] : await repo.pointsOf(tx, types), invalid };
    },
  };
}
export type ComponentsService = ReturnType<typeof createComponentsService>;

/** The id of the component type at this path of descriptions from the top (e.g. Chiller › Type › Water-Cooled), or null. */
export async function componentIdByPath(db: DbOrTx, path: readonly string[]): Promise<number | null> {
  const rows = await repo.all(db);
  let parentId: number | null = null;
  for (const description of path) {
    const found = rows.find((r) => r.parent_id === parentId && r.description === description);
    if (!found) return null;
    parentId = found.id;
  }
  return parentId;
}
