import { describe, expect, it } from 'vitest';
import type { Catalogue } from '../api/catalogue';
import { movedBy, summarize, toInitiate, wizardPages } from './wizard';
import { formatCardNumber, formatExpiry, parseExpiry } from './card-input';

const catalogue: Catalogue = {
  sizes: [{ id: 1, name: 'S', price: 2450, number_of_nodes: 8, sort_order: 10 }, { id: 2, name: 'M', price: 3950, number_of_nodes: 16, sort_order: 20 }],
  categories: [{ id: 5, name: 'HVAC Equipment', sort_order: 10 }, { id: 6, name: 'Building Level Metering', sort_order: 20 }],
  nodeTypes: [
    { id: 11, name: 'VAV Box', price: 89.5, syrx_controller_node_category_id: 5, sort_order: 10 },
    { id: 12, name: 'Gas Meter', price: 195, syrx_controller_node_category_id: 6, sort_order: 10 },
  ],
};

describe('the purchasing wizard', () => {
  it('has the sizes page, one page per node category and the cost summary, and moves by an offset within them', () => {
    expect(wizardPages(catalogue.categories).map((p) => p.title)).toEqual(['Syrx Controller', 'HVAC Equipment', 'Building Level Metering', 'Cost Summary']);
    expect(movedBy(0, 1, 4)).toBe(1);
    expect(movedBy(2, -1, 4)).toBe(1);
    expect(movedBy(1, 3, 4)).toBe(3);
    expect(movedBy(0, -1, 4)).toBe(0);
  });

  it('sums the chosen items in cents and counts node slots against nodes', () => {
    const s = summarize(catalogue, { sizes: { 1: 2, 2: 0 }, nodeTypes: { 11: 5, 12: null } });
    expect(s.lines.map((l) => [l.name, l.quantity, l.amountCents])).toEqual([['S', 2, 490_000], ['VAV Box', 5, 44_750]]);
    expect(s.totalCents).toBe(534_750);
    expect(s.count).toEqual({ controllerNodes: 16, nodes: 5 });
  });

  it('sends ids and quantities only, for the chosen items', () => {
    expect(toInitiate(catalogue, { sizes: { 1: 2, 2: 0 }, nodeTypes: { 11: 5, 12: 0 } }, 3, 7)).toEqual({
      group_id: 3, user_id: 7, syrx_controller_size_quantities: [{ syrx_controller_size_id: 1, quantity: 2 }],
      syrx_controller_node_type_quantities: [{ syrx_controller_node_type_id: 11, quantity: 5 }],
    });
  });

  it('reads the test card field as typed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000 0000 0002x')).toBe('4000 0000 0000 0002');
    expect(formatExpiry('1240')).toBe('12 / 40');
    expect(formatExpiry('1')).toBe('1');
    expect(parseExpiry('12 / 40')).toEqual({ exp_month: 12, exp_year: 2040 });
    expect(parseExpiry('3/2031')).toEqual({ exp_month: 3, exp_year: 2031 });
    expect(parseExpiry('12 / 4')).toBeNull();
    expect(parseExpiry('')).toBeNull();
  });
});
