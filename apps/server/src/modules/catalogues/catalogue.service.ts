import type { AuditAction } from '@syrx/contracts/audit';
import { type CatalogueQuery, catalogueMessages } from '@syrx/contracts/catalogues';
import { AppError } from '@syrx/contracts/errors';
import type { Page } from '@syrx/contracts/jobs';
import type { Db, DbOrTx } from '../../db/client.ts';
import { gridPage } from '../../lib/grid-sql.ts';
import { isReferenceViolation, isUniqueViolation } from '../../lib/pg-errors.ts';
import type { Actor } from '../../security/actor.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import { type CatalogueRow, catalogueRepo } from './catalogue.repo.ts';
import type { CatalogueSpec } from './catalogue-spec.ts';

export type { CatalogueSpec };
type Input = Readonly<Record<string, unknown>>;

/**
 * One Admin catalogue (docs/catalogues.md): its grid, and create, update and delete, each audited in the same
 * transaction. The key (a name or code) is unique in any letter case (409 naming the field); a row still used
 * elsewhere is not deleted (409 saying by how many). The routes check the permission.
 */
export function createCatalogueService(db: Db, audit: AuditRecorder, spec: CatalogueSpec) {
  const repo = catalogueRepo(spec);
  const notFound = () => AppError.notFound(`The ${spec.what}`);
  const taken = (value: unknown) => {
    const message = catalogueMessages.taken(`A ${spec.what}`, String(value));
    return AppError.conflict(message, [{ field: spec.key, message }]);
  };
  const inUse = (row: CatalogueRow, n: number) =>
    AppError.conflict(catalogueMessages.inUse(`The ${spec.what}`, String(row[spec.key]), n, spec.usage?.users ?? ['row', 'rows']));

  async function existing(tx: DbOrTx, id: number): Promise<CatalogueRow> {
    const row = await repo.find(tx, id);
    if (!row) throw notFound();
    return row;
  }

  const record = (tx: DbOrTx, action: AuditAction, actor: Actor, id: number, key: unknown) =>
    audit.record({ action, actor, target: { type: spec.kind, id: String(id) }, details: { [spec.key]: key } }, tx);

  /** Runs a write of `input`; a unique violation a concurrent write slipped past the check is the same 409. */
  async function writing(input: Input, write: (tx: DbOrTx, values: Input) => Promise<number>): Promise<CatalogueRow> {
    const values = spec.prepare ? spec.prepare(input) : input;
    try {
      const id = await db.transaction((tx) => write(tx, values));
      return await existing(db, id);
    } catch (err) {
      if (isUniqueViolation(err)) throw taken(values[spec.key]);
      throw err;
    }
  }

  return {
    list: (q: CatalogueQuery): Promise<Page<CatalogueRow>> =>
      gridPage(q, (page) => repo.list(db, { filters: q.filter, sort: q.sort }, page), () => repo.count(db, q.filter)),

    get: (id: number): Promise<CatalogueRow> => existing(db, id),

    create: (actor: Actor, input: Input): Promise<CatalogueRow> =>
      writing(input, async (tx, values) => {
        if ((await repo.keyTakenBy(tx, values, 0)) !== null) throw taken(values[spec.key]);
        const id = await repo.insert(tx, values);
        await record(tx, 'catalogue.create', actor, id, values[spec.key]);
        return id;
      }),

    update: (actor: Actor, id: number, input: Input): Promise<CatalogueRow> =>
      writing(input, async (tx, values) => {
        const before = await existing(tx, id);
        const moved = (spec.fixed ?? []).filter((c) => values[c] !== before[c]);
        if (moved.length > 0) throw AppError.badRequest(catalogueMessages.fixed, moved.map((field) => ({ field, message: catalogueMessages.fixed })));
        if ((await repo.keyTakenBy(tx, values, id)) !== null) throw taken(values[spec.key]);
        await repo.update(tx, id, values);
        await record(tx, 'catalogue.update', actor, id, values[spec.key]);
        return id;
      }),

    async remove(actor: Actor, id: number): Promise<void> {
      const row = await existing(db, id);
      try {
        await db.transaction(async (tx) => {
          const used = spec.usage ? Number((await existing(tx, id))[spec.usage.as]) : 0;
          if (used > 0) throw inUse(row, used);
          await repo.delete(tx, id);
          await record(tx, 'catalogue.delete', actor, id, row[spec.key]);
        });
      } catch (err) {
        // Used by a row written since the count: the reference refuses the delete.
        if (isReferenceViolation(err)) throw inUse(row, spec.usage ? Number((await existing(db, id))[spec.usage.as]) : 1);
        throw err;
      }
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
