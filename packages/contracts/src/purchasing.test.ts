import { describe, expect, it } from 'vitest';
import {
  controllerSizeInputSchema, formatUsd, initiatePurchaseSchema, nodeBalance, nodeCount, nodeCountWarning, purchasingMessages, toCents, totalCents,
} from './purchasing.ts';

describe('purchasing contracts', () => {
  it('counts node slots as quantity × number_of_nodes per size against the nodes chosen', () => {
    const count = nodeCount([{ number_of_nodes: 8, quantity: 2 }, { number_of_nodes: 16, quantity: 1 }, { number_of_nodes: 32, quantity: 0 }], [{ quantity: 5 }, { quantity: 7 }]);
    expect(count).toEqual({ controllerNodes: 32, nodes: 12 });
    expect(nodeBalance(count)).toBe('empty_slots');
    expect(nodeBalance({ controllerNodes: 8, nodes: 9 })).toBe('too_many_nodes');
    expect(nodeBalance({ controllerNodes: 8, nodes: 8 })).toBe('balanced');
  });

  it('warns that empty slots cannot be filled later, or that not all nodes can be used', () => {
    expect(nodeCountWarning({ controllerNodes: 32, nodes: 12 })).toBe('The controllers provide 32 node slots for 12 nodes. Empty slots cannot be filled later.');
    expect(nodeCountWarning({ controllerNodes: 8, nodes: 1 })).toBe('The controllers provide 8 node slots for 1 node. Empty slots cannot be filled later.');
    expect(nodeCountWarning({ controllerNodes: 0, nodes: 3 })).toBe('The controllers provide only 0 node slots for 3 nodes. Not all nodes can be used.');
    expect(nodeCountWarning({ controllerNodes: 16, nodes: 16 })).toBeNull();
  });

  it('adds totals in cents and shows them in USD with 2 decimals', () => {
    expect(totalCents([{ unitPriceCents: 450_000, quantity: 2 }, { unitPriceCents: 12_550, quantity: 3 }])).toBe(937_650);
    expect(formatUsd(937_650)).toBe('$9,376.50');
    expect(formatUsd(5)).toBe('$0.05');
    expect(toCents(0.29)).toBe(29);
    expect(toCents(1234.56)).toBe(123_456);
  });

  it('takes prices in whole cents only', () => {
    expect(controllerSizeInputSchema.parse({ name: ' S ', price: 0.1 + 0.2, number_of_nodes: 8 })).toEqual({ name: 'S', price: 0.1 + 0.2, number_of_nodes: 8, sort_order: 0 });
    const r = controllerSizeInputSchema.safeParse({ name: 'S', price: 10.005, number_of_nodes: 8 });
    expect(r.error?.issues.map((i) => i.message)).toEqual([purchasingMessages.priceCents]);
  });

  it('requires whole quantities of 0 or more, at least one above 0, and each item once', () => {
    const base = { group_id: 1, user_id: 1, syrx_controller_size_quantities: [{ syrx_controller_size_id: 1, quantity: 1 }], syrx_controller_node_type_quantities: [] };
    expect(initiatePurchaseSchema.safeParse(base).success).toBe(true);
    const issues = (body: unknown) => initiatePurchaseSchema.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ ...base, syrx_controller_size_quantities: [{ syrx_controller_size_id: 1, quantity: -1 }] })).toEqual([['syrx_controller_size_quantities.0.quantity', purchasingMessages.quantityMin]]);
    expect(issues({ ...base, syrx_controller_size_quantities: [{ syrx_controller_size_id: 1, quantity: 1.5 }] })).toEqual([['syrx_controller_size_quantities.0.quantity', purchasingMessages.quantityWhole]]);
    expect(issues({ ...base, syrx_controller_size_quantities: [{ syrx_controller_size_id: 1 }] })).toEqual([['syrx_controller_size_quantities.0.quantity', purchasingMessages.quantityRequired]]);
    expect(issues({ ...base, syrx_controller_size_quantities: [{ syrx_controller_size_id: 1, quantity: 0 }] })).toEqual([['syrx_controller_size_quantities', purchasingMessages.nothingChosen]]);
    expect(issues({ ...base, syrx_controller_node_type_quantities: [{ syrx_controller_node_type_id: 4, quantity: 1 }, { syrx_controller_node_type_id: 4, quantity: 2 }] }))
      .toEqual([['syrx_controller_node_type_quantities.1.syrx_controller_node_type_id', purchasingMessages.duplicate]]);
  });
});
