import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ComponentMatch, type ComponentNode, pointTypes } from '@syrx/contracts/components';
import { expectStatus } from '../../test/bacnet-helpers.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { seedComponents } from './components.service.ts';

let t: TestApp;
let user: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  user = t.client();
  await user.signIn();
});
afterAll(async () => t?.close());

const v2 = '/api/v2/components';
const rows = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) => (await t.db.execute<T>(q)).rows;
const descriptions = (nodes: readonly ComponentNode[]) => nodes.map((n) => n.description);
const child = (node: ComponentNode | undefined, description: string): ComponentNode => {
  const found = node?.children.find((c) => c.description === description);
  if (!found) throw new Error(`no ${description} under ${node?.description}`);
  return found;
};
const typeahead = async (text: string) => expectStatus(await user.get(`${v2}/typeahead/${encodeURIComponent(text)}`), 200).json<ComponentMatch[]>();
const counts = async () => (await rows<{ types: number; points: number }>(sql`
  select (select count(*)::int from components) as types, (select count(*)::int from component_points) as points`))[0];

describe('the component type taxonomy', () => {
  it('serves the schedule types with their whole subtrees, in catalogue order', async () => {
    const tree = expectStatus(await user.get(`${v2}/schedule-tree`), 200).json<ComponentNode[]>();
    expect(descriptions(tree).slice(0, 6)).toEqual(['Air Handling Unit', 'VAV Box', 'Fan Coil Unit', 'Rooftop Unit', 'Chiller', 'Boiler']);
    expect(descriptions(tree)).toEqual(expect.arrayContaining(['Cooling Tower', 'Pump', 'Heat Exchanger', 'Electric Meter', 'Gas Meter', 'BTU Meter']));
    // Types that are equipment of their own but no schedule section stay out.
    expect(descriptions(tree)).not.toContain('Variable Frequency Drive');
    const ahu = tree[0];
    expect(descriptions(ahu?.children ?? [])).toEqual(['Unit Type', 'Supply Fan', 'Cooling', 'Heating', 'Economizer', 'Humidification']);
    expect(descriptions(child(ahu, 'Unit Type').children)).toEqual(['Single Zone', 'Multizone', 'Variable Air Volume', 'Dedicated Outdoor Air System (DOAS)', 'Dual Duct']);
    const doas = child(child(ahu, 'Unit Type'), 'Dedicated Outdoor Air System (DOAS)');
    expect(descriptions(doas.children)).toContain('With Energy Recovery Wheel');
    expect(child(doas, 'With Energy Recovery Wheel').children).toEqual([]);
  });

  it('answers a component\'s descendants as its children with their subtrees, 404 for none and 400 for no id', async () => {
    const tree = expectStatus(await user.get(`${v2}/schedule-tree`), 200).json<ComponentNode[]>();
    const chiller = tree.find((n) => n.description === 'Chiller');
    expect(expectStatus(await user.get(`${v2}/${chiller?.id}/descendents`), 200).json<ComponentNode[]>()).toEqual(chiller?.children);
    const centrifugal = child(child(child(chiller, 'Type'), 'Water-Cooled'), 'Centrifugal');
    expect(expectStatus(await user.get(`${v2}/${centrifugal.id}/descendents`), 200).json()).toEqual([]);
    expectStatus(await user.get(`${v2}/2000000000/descendents`), 404);
    expectStatus(await user.get(`${v2}/pump/descendents`), 400);
  });

  it('finds at most five components by any part of their description in any letter case, prefix matches and top-level types first', async () => {
    const pumps = await typeahead('PUMP');
    expect(pumps[0]).toEqual({ id: expect.any(Number) as number, description: 'Pump', ancestors: [], is_schedule_type: true });
    expect(await typeahead('pump')).toEqual(pumps);
    expect(await typeahead('pUmP')).toEqual(pumps);
    const valves = await typeahead('valve');
    expect(valves).toHaveLength(5);
    expect(valves.every((m) => m.description.toLowerCase().includes('valve'))).toBe(true);
    expect(valves[0]?.ancestors.slice(0, 2)).toEqual(['Air Handling Unit', 'Cooling']);
    expect((await typeahead('drive'))[0]).toMatchObject({ description: 'Variable Frequency Drive', ancestors: [], is_schedule_type: false });
    // LIKE's wildcards are plain characters here.
    expect(await typeahead('%')).toEqual([]);
    expect(await typeahead('_')).toEqual([]);
    expectStatus(await user.get(`${v2}/typeahead/${'x'.repeat(101)}`), 400);
    expectStatus(await t.client().get(`${v2}/typeahead/pump`), 401);
  });

  it('gives the types points with codes and BACnet point types, NP for things without a point', async () => {
    const types = await rows<{ point_type: string; n: number }>(sql`select point_type, count(*)::int as n from component_points group by point_type`);
    expect(types.every((r) => (pointTypes as readonly string[]).includes(r.point_type))).toBe(true);
    expect(types.map((r) => r.point_type)).toEqual(expect.arrayContaining(['AI', 'AO', 'AV', 'BI', 'BO', 'BV', 'MSV', 'NP']));
    const ahu = await rows<{ point_code: string; point_type: string }>(sql`
      select p.point_code, p.point_type from component_points p join components c on c.id = p.component_id
      where c.description = 'Air Handling Unit' and c.parent_id is null order by p.sort_order`);
    expect(ahu.slice(0, 3)).toEqual([{ point_code: 'SF-S', point_type: 'BI' }, { point_code: 'SF-C', point_type: 'BO' }, { point_code: 'SAT', point_type: 'AI' }]);
    expect(ahu).toContainEqual({ point_code: 'FLTR', point_type: 'NP' });
  });

  it('seeds once per release: a restart keeps administrators\' changes; a changed catalogue restores its own entries and keeps what was added by hand', async () => {
    const before = await counts();
    expect(before?.types).toBeGreaterThan(150);
    await t.db.execute(sql`update component_points set point_type = 'AV', description = 'changed' where point_code = 'SAT' and component_id = (select id from components where description = 'Air Handling Unit' and parent_id is null)`);
    await t.db.execute(sql`update components set is_schedule_type = false where description = 'Chiller' and parent_id is null`);
    await t.db.execute(sql`insert into components (parent_id, description) values (null, 'Hand-made type')`);
    const sat = sql`select point_type, description from component_points where point_code = 'SAT' and component_id = (select id from components where description = 'Air Handling Unit' and parent_id is null)`;
    await seedComponents(t.db);
    expect(await rows(sat)).toEqual([{ point_type: 'AV', description: 'changed' }]);
    // A release whose catalogue differs from the one last seeded seeds it again.
    await t.db.execute(sql`update catalogue_seeds set digest = 'an older release' where name = 'components'`);
    const began = performance.now();
    await seedComponents(t.db);
    console.log(`component catalogue re-seeded in ${Math.round(performance.now() - began)} ms`);
    expect(await counts()).toEqual({ types: (before?.types ?? 0) + 1, points: before?.points });
    expect(await rows(sql`select point_type, description from component_points where point_code = 'SAT' and component_id = (select id from components where description = 'Air Handling Unit' and parent_id is null)`))
      .toEqual([{ point_type: 'AI', description: 'Supply Air Temperature' }]);
    expect(descriptions(expectStatus(await user.get(`${v2}/schedule-tree`), 200).json<ComponentNode[]>())).toContain('Chiller');
    expect(await rows(sql`select 1 as one from components where description = 'Hand-made type'`)).toHaveLength(1);

    // From empty, as on a first start (the bootstrap of every integration test does this).
    await t.db.execute(sql`truncate components restart identity cascade`);
    await t.db.execute(sql`delete from catalogue_seeds where name = 'components'`);
    const fresh = performance.now();
    await seedComponents(t.db);
    console.log(`component catalogue seeded from empty in ${Math.round(performance.now() - fresh)} ms`);
    expect(await counts()).toEqual(before);
  });
});
