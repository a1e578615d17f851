import { describe, expect, it } from 'vitest';
import { pointTypes } from '@syrx/contracts/components';
import { type CatalogueType, componentCatalogue } from './component-catalogue.ts';

function* walk(nodes: readonly CatalogueType[], path: string[] = []): Generator<{ node: CatalogueType; path: string[]; siblings: readonly CatalogueType[] }> {
  for (const node of nodes) {
    yield { node, path: [...path, node.description], siblings: nodes };
    yield* walk(node.children ?? [], [...path, node.description]);
  }
}

describe('the component catalogue', () => {
  const all = [...walk(componentCatalogue)];

  it('has unique descriptions among siblings (the seed finds a type by its path) and unique point codes per type', () => {
    for (const { node, path, siblings } of all) {
      expect(siblings.filter((s) => s.description === node.description), path.join(' › ')).toHaveLength(1);
      const codes = (node.points ?? []).map(([code]) => code);
      expect(new Set(codes).size, path.join(' › ')).toBe(codes.length);
    }
  });

  it('uses only known point types, NP among them, and marks only top-level types as schedule types', () => {
    const types = new Set(all.flatMap(({ node }) => (node.points ?? []).map(([, , type]) => type)));
    expect([...types].every((t) => (pointTypes as readonly string[]).includes(t))).toBe(true);
    expect(types).toContain('NP');
    expect(all.filter(({ node, path }) => node.schedule && path.length > 1)).toEqual([]);
    expect(componentCatalogue.filter((n) => n.schedule).map((n) => n.description)).toEqual([
      'Air Handling Unit', 'VAV Box', 'Fan Coil Unit', 'Rooftop Unit', 'Chiller', 'Boiler', 'Cooling Tower', 'Pump', 'Heat Exchanger',
      'Exhaust Fan', 'Unit Heater', 'Electric Meter', 'Gas Meter', 'BTU Meter',
    ]);
  });

  it('gives every schedule type points and subcomponent categories with choices', () => {
    for (const type of componentCatalogue.filter((n) => n.schedule)) {
      expect(type.points?.length, type.description).toBeGreaterThan(0);
      expect(type.children?.every((category) => (category.children?.length ?? 0) >= 2), type.description).toBe(true);
    }
  });
});
