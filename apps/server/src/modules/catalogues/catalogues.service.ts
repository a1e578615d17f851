import type { ContactCategoryChoice } from '@syrx/contracts/catalogues';
import { type IssueField, type IssueKind, issueKinds } from '@syrx/contracts/issues';
import type { DbOrTx } from '../../db/client.ts';
import { catalogueGenericPoints } from '../components/components.service.ts';
import { cataloguesRepo as repo } from './catalogues.repo.ts';

/** The contact categories a new installation starts with. */
export const startingContactCategories = ['Owner', 'Commissioning authority', 'Engineer', 'Contractor', 'Facility manager'] as const;

/** The statuses, priorities and types issues and tasks start with (a status's `closed` marks an entry done). */
export const startingFieldOptions: readonly { field: IssueField; name: string; closed?: boolean }[] = [
  { field: 'status', name: 'Open' }, { field: 'status', name: 'In progress' }, { field: 'status', name: 'Resolved', closed: true }, { field: 'status', name: 'Closed', closed: true },
  { field: 'priority', name: 'Low' }, { field: 'priority', name: 'Medium' }, { field: 'priority', name: 'High' }, { field: 'priority', name: 'Critical' },
];
const startingTypes: Record<IssueKind, readonly string[]> = {
  issue: ['Deficiency', 'Override', 'Out of service', 'Fault', 'Alarm', 'Communication', 'Other'],
  task: ['Functional test', 'Point-to-point check', 'Calibration', 'Documentation', 'Other'],
};

/**
 * Seeds the starting contact categories, the generic points (every point code of the component catalogue) and each
 * kind's issue field options, each
 * only into an empty table: run at every start by the bootstrap, it never brings back what an administrator deleted.
 */
export async function seedCatalogues(db: DbOrTx): Promise<void> {
  await repo.seedCategories(db, startingContactCategories);
  await repo.seedGenericPoints(db, catalogueGenericPoints().map(([pointCode, description, pointType]) => ({ pointCode, description, pointType })));
  for (const kind of issueKinds) {
    const options = [...startingFieldOptions, ...startingTypes[kind].map((name) => ({ field: 'type' as const, name, closed: false }))];
    // Ten apart within a field, so an administrator can put a new one between two.
    const position = (o: (typeof options)[number]) => 10 * options.filter((x) => x.field === o.field).indexOf(o);
    await repo.seedFieldOptions(db, kind, options.map((o) => ({ kind, field: o.field, name: o.name, closed: o.closed ?? false, position: position(o) })));
  }
}

/** Every contact category by name, for the contacts editor's select (any signed-in user). */
export const contactCategoryChoices = (db: DbOrTx): Promise<ContactCategoryChoice[]> => repo.categoryChoices(db);
