import type { ContactCategoryChoice } from '@syrx/contracts/catalogues';
import type { DbOrTx } from '../../db/client.ts';
import { catalogueGenericPoints } from '../components/components.service.ts';
import { cataloguesRepo as repo } from './catalogues.repo.ts';

/** The contact categories a new installation starts with. */
export const startingContactCategories = ['Owner', 'Commissioning authority', 'Engineer', 'Contractor', 'Facility manager'] as const;

/**
 * Seeds the starting contact categories and the generic points (every point code of the component catalogue), each
 * only into an empty table: run at every start by the bootstrap, it never brings back what an administrator deleted.
 */
export async function seedCatalogues(db: DbOrTx): Promise<void> {
  await repo.seedCategories(db, startingContactCategories);
  await repo.seedGenericPoints(db, catalogueGenericPoints().map(([pointCode, description, pointType]) => ({ pointCode, description, pointType })));
}

/** Every contact category by name, for the contacts editor's select (any signed-in user). */
export const contactCategoryChoices = (db: DbOrTx): Promise<ContactCategoryChoice[]> => repo.categoryChoices(db);
