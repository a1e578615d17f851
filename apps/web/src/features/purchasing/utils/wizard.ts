import type { FormRule } from 'antd';
import {
  type ControllerSize, type InitiatePurchase, maxQuantity, type NodeCategory, type NodeCount, nodeCount, type NodeType, purchasingMessages, toCents, totalCents,
} from '@syrx/contracts/purchasing';
import type { Catalogue } from '../api/catalogue';

/** Spec 02 section 2: the sizes page, one page per node category, then the cost summary. */
export type WizardPage = { kind: 'sizes'; title: string } | { kind: 'category'; title: string; category: NodeCategory } | { kind: 'summary'; title: string };

export function wizardPages(categories: readonly NodeCategory[]): WizardPage[] {
  return [
    { kind: 'sizes', title: 'Syrx Controller' },
    ...categories.map((category): WizardPage => ({ kind: 'category', title: category.name, category })),
    { kind: 'summary', title: 'Cost Summary' },
  ];
}

/** The page `offset` pages away from `current` (negative: back), kept within the wizard. */
export const movedBy = (current: number, offset: number, pageCount: number): number => Math.min(Math.max(current + offset, 0), pageCount - 1);

/** The quantities form, keyed by item id as antd's InputNumber holds them (null when emptied). */
export interface Quantities {
  sizes?: Record<string, number | null | undefined>;
  nodeTypes?: Record<string, number | null | undefined>;
}

export const sizeField = (s: ControllerSize) => ['sizes', String(s.id)];
export const nodeTypeField = (n: NodeType) => ['nodeTypes', String(n.id)];

/** Every item at 0, the quantities a new wizard starts with. */
export function initialQuantities(c: Catalogue): Quantities {
  return {
    sizes: Object.fromEntries(c.sizes.map((s) => [String(s.id), 0])),
    nodeTypes: Object.fromEntries(c.nodeTypes.map((n) => [String(n.id), 0])),
  };
}

/** Spec 02 section 5: purchase quantities are numeric, at least 0, and required. */
export const quantityRules: FormRule[] = [
  { required: true, message: purchasingMessages.quantityRequired },
  {
    validator: (_r, v: unknown) => {
      if (typeof v !== 'number') return Promise.resolve();
      if (!Number.isInteger(v)) return Promise.reject(new Error(purchasingMessages.quantityWhole));
      if (v < 0) return Promise.reject(new Error(purchasingMessages.quantityMin));
      if (v > maxQuantity) return Promise.reject(new Error(purchasingMessages.quantityMax));
      return Promise.resolve();
    },
  },
];

export interface SummaryLine {
  key: string;
  name: string;
  /** Cents. */
  unitPriceCents: number;
  quantity: number;
  amountCents: number;
}

export interface Summary {
  lines: SummaryLine[];
  totalCents: number;
  count: NodeCount;
}

const qty = (v: number | null | undefined): number => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : 0);

/** What the cost summary shows for these quantities: the chosen items at the catalogue's prices, the total and node count. */
export function summarize(c: Catalogue, q: Quantities | undefined): Summary {
  const sizes = c.sizes.map((s) => ({ item: s, quantity: qty(q?.sizes?.[String(s.id)]) }));
  const types = c.nodeTypes.map((n) => ({ item: n, quantity: qty(q?.nodeTypes?.[String(n.id)]) }));
  const line = (key: string, item: { name: string; price: number }, quantity: number): SummaryLine => ({
    key, name: item.name, unitPriceCents: toCents(item.price), quantity, amountCents: toCents(item.price) * quantity,
  });
  const lines = [
    ...sizes.filter((s) => s.quantity > 0).map((s) => line(`size-${s.item.id}`, s.item, s.quantity)),
    ...types.filter((t) => t.quantity > 0).map((t) => line(`node-type-${t.item.id}`, t.item, t.quantity)),
  ];
  return {
    lines,
    totalCents: totalCents(lines),
    count: nodeCount(sizes.map((s) => ({ number_of_nodes: s.item.number_of_nodes, quantity: s.quantity })), types),
  };
}

/** POST /api/v2/purchasing/initiate: ids and quantities only (the server prices the order). */
export function toInitiate(c: Catalogue, q: Quantities | undefined, groupId: number, userId: number): InitiatePurchase {
  return {
    group_id: groupId,
    user_id: userId,
    syrx_controller_size_quantities: c.sizes.map((s) => ({ syrx_controller_size_id: s.id, quantity: qty(q?.sizes?.[String(s.id)]) })).filter((l) => l.quantity > 0),
    syrx_controller_node_type_quantities: c.nodeTypes.map((n) => ({ syrx_controller_node_type_id: n.id, quantity: qty(q?.nodeTypes?.[String(n.id)]) })).filter((l) => l.quantity > 0),
  };
}
