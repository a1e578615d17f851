import { sql } from 'drizzle-orm';
import { AppError } from '@syrx/contracts/errors';
import {
  type ControllerSize, type controllerSizeInputSchema, type NodeCategory, type nodeCategoryInputSchema, type NodeType, type nodeTypeInputSchema,
  purchasingMessages, toCents, toDollars,
} from '@syrx/contracts/purchasing';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isForeignKeyViolation, isReferenceViolation } from '../../lib/pg-errors.ts';
import type { Actor } from '../../security/actor.ts';
import { type CategoryRow, catalogueRepo as repo, type NodeTypeRow, type NodeTypeValues, type SizeRow } from './catalogue.repo.ts';

export type SizeInput = z.output<typeof controllerSizeInputSchema>;
export type CategoryInput = z.output<typeof nodeCategoryInputSchema>;
export type NodeTypeInput = z.output<typeof nodeTypeInputSchema>;

/** docs/permissions.md, "Purchasing": changing the catalogue. */
export const catalogueManagePermission = 'syrx_categories_manage';

export const sizeOut = (r: SizeRow): ControllerSize => ({ id: r.id, name: r.name, price: toDollars(r.priceCents), number_of_nodes: r.numberOfNodes, sort_order: r.sortOrder });
export const categoryOut = (r: CategoryRow): NodeCategory => ({ id: r.id, name: r.name, sort_order: r.sortOrder });
export const nodeTypeOut = (r: NodeTypeRow): NodeType => ({
  id: r.id, name: r.name, price: toDollars(r.priceCents), syrx_controller_node_category_id: r.categoryId, sort_order: r.sortOrder,
});

/**
 * Seeds the purchasing catalogue while its tables are empty (run at every start by the bootstrap); administrators
 * edit it afterwards. Serialized by an advisory lock, so two servers starting together seed it once.
 */
export async function seedPurchasingCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('syrx_purchasing_catalogue_seed'))`);
    await repo.seedWhereEmpty(tx);
  });
}

function found<T>(row: T | null, what: string): T {
  if (row === null) throw AppError.notFound(what);
  return row;
}

/**
 * The catalogue of spec 02 section 3 ("Purchase items"): any signed-in user reads it; changes need syrx_categories_manage.
 * Orders copy names and prices into their lines, so editing or deleting an item never changes an order.
 */
export function createCatalogueService(db: DbOrTx) {
  function requireManage(actor: Actor): void {
    if (!actor.permissions.has(catalogueManagePermission)) throw AppError.forbidden('Changing the purchasing catalogue needs the permission syrx_categories_manage.');
  }

  const unknownCategory = () =>
    AppError.badRequest('The request has invalid or missing fields.', [{ field: 'syrx_controller_node_category_id', message: purchasingMessages.categoryUnknown }]);

  /** Saves a node type; a category that does not exist (or was deleted meanwhile) is a 400 on its field. */
  async function saveNodeType(input: NodeTypeInput, save: (v: NodeTypeValues) => Promise<NodeTypeRow | null>): Promise<NodeType> {
    if (!(await repo.categoryExists(db, input.syrx_controller_node_category_id))) throw unknownCategory();
    try {
      return nodeTypeOut(found(await save({ name: input.name, priceCents: toCents(input.price), categoryId: input.syrx_controller_node_category_id, sortOrder: input.sort_order }), 'The node type'));
    } catch (err) {
      if (isForeignKeyViolation(err)) throw unknownCategory();
      throw err;
    }
  }

  const sizeValues = (input: SizeInput) => ({ name: input.name, priceCents: toCents(input.price), numberOfNodes: input.number_of_nodes, sortOrder: input.sort_order });

  return {
    sizes: async (): Promise<ControllerSize[]> => (await repo.sizes(db)).map(sizeOut),
    categories: async (): Promise<NodeCategory[]> => (await repo.categories(db)).map(categoryOut),
    nodeTypes: async (): Promise<NodeType[]> => (await repo.nodeTypes(db)).map(nodeTypeOut),

    async createSize(actor: Actor, input: SizeInput): Promise<ControllerSize> {
      requireManage(actor);
      return sizeOut(found(await repo.insertSize(db, sizeValues(input)), 'The controller size'));
    },
    async updateSize(actor: Actor, id: number, input: SizeInput): Promise<ControllerSize> {
      requireManage(actor);
      return sizeOut(found(await repo.updateSize(db, id, sizeValues(input)), 'The controller size'));
    },
    async deleteSize(actor: Actor, id: number): Promise<void> {
      requireManage(actor);
      if (!(await repo.deleteSize(db, id))) throw AppError.notFound('The controller size');
    },

    async createCategory(actor: Actor, input: CategoryInput): Promise<NodeCategory> {
      requireManage(actor);
      return categoryOut(found(await repo.insertCategory(db, { name: input.name, sortOrder: input.sort_order }), 'The node category'));
    },
    async updateCategory(actor: Actor, id: number, input: CategoryInput): Promise<NodeCategory> {
      requireManage(actor);
      return categoryOut(found(await repo.updateCategory(db, id, { name: input.name, sortOrder: input.sort_order }), 'The node category'));
    },
    async deleteCategory(actor: Actor, id: number): Promise<void> {
      requireManage(actor);
      try {
        if (!(await repo.deleteCategory(db, id))) throw AppError.notFound('The node category');
      } catch (err) {
        if (isReferenceViolation(err)) throw AppError.conflict(purchasingMessages.categoryInUse);
        throw err;
      }
    },

    async createNodeType(actor: Actor, input: NodeTypeInput): Promise<NodeType> {
      requireManage(actor);
      return saveNodeType(input, (v) => repo.insertNodeType(db, v));
    },
    async updateNodeType(actor: Actor, id: number, input: NodeTypeInput): Promise<NodeType> {
      requireManage(actor);
      return saveNodeType(input, (v) => repo.updateNodeType(db, id, v));
    },
    async deleteNodeType(actor: Actor, id: number): Promise<void> {
      requireManage(actor);
      if (!(await repo.deleteNodeType(db, id))) throw AppError.notFound('The node type');
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
