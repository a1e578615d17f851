import { afterEach, describe, expect, it } from 'vitest';
import type { ControllerSize, NodeCategory, NodeType } from '@syrx/contracts/purchasing';
import { purchasingMessages } from '@syrx/contracts/purchasing';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedPurchasingCatalogue } from './catalogue.service.ts';
import { expectStatus, fieldsOf, memberWith, readCatalogue, send, signedInAdmin, v2 } from './testing/purchasing-fixtures.ts';

let t: TestApp;
afterEach(async () => t?.close());

describe('purchasing catalogue', () => {
  it('is seeded with the controller sizes and the project-planning categories, once, and admins\' edits stay', async () => {
    t = await createTestApp();
    const { client } = await signedInAdmin(t);
    const cat = await readCatalogue(client);
    expect(cat.sizes.map((s) => [s.name, s.price, s.number_of_nodes])).toEqual([
      ['Syrx Controller S (8 nodes)', 2450, 8], ['Syrx Controller M (16 nodes)', 3950, 16], ['Syrx Controller L (32 nodes)', 6750, 32],
    ]);
    expect(cat.categories.map((c) => c.name)).toEqual([
      'Central Utility Plant Systems', 'HVAC Equipment', 'Specialty Building Systems/Compliance', 'Building Level Metering', 'Syrx Energy Modeling',
    ]);
    for (const c of cat.categories) expect(cat.nodeTypes.filter((n) => n.syrx_controller_node_category_id === c.id).length, c.name).toBeGreaterThanOrEqual(3);
    expect(cat.nodeType('Fume Hood').syrx_controller_node_category_id).toBe(cat.categories[2]?.id);

    // An administrator renames a size and deletes another; the next start seeds nothing back.
    const s = cat.size('Syrx Controller S (8 nodes)');
    expectStatus(await send(client, 'PUT', `${v2}/syrx-controller-sizes/${s.id}`, { name: 'Syrx Controller Small', price: 2399.99, number_of_nodes: 8, sort_order: s.sort_order }), 200);
    expectStatus(await client.delete(`${v2}/syrx-controller-sizes/${cat.size('Syrx Controller L (32 nodes)').id}`), 204);
    await seedPurchasingCatalogue(t.db);
    const after = await readCatalogue(client);
    expect(after.sizes.map((x) => [x.name, x.price])).toEqual([['Syrx Controller Small', 2399.99], ['Syrx Controller M (16 nodes)', 3950]]);
    expect(after.nodeTypes).toHaveLength(cat.nodeTypes.length);
  });

  it('is read by any signed-in user and changed only with syrx_categories_manage', async () => {
    t = await createTestApp();
    const reader = await memberWith(t, 'reader@example.com');
    const cat = await readCatalogue(reader.client);
    expect(cat.sizes).toHaveLength(3);
    const size = cat.sizes[0] as ControllerSize;
    const refusals = [
      await reader.client.post(`${v2}/syrx-controller-sizes`, { name: 'XL', price: 9000, number_of_nodes: 64 }),
      await send(reader.client, 'PUT', `${v2}/syrx-controller-sizes/${size.id}`, { name: 'Cheap', price: 1, number_of_nodes: 8 }),
      await reader.client.delete(`${v2}/syrx-controller-sizes/${size.id}`),
      await reader.client.post(`${v2}/syrx-controller-node-categories`, { name: 'Lighting' }),
      await reader.client.post(`${v2}/syrx-controller-node-types`, { name: 'Lamp', price: 1, syrx_controller_node_category_id: cat.categories[0]?.id }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json<{ message: string }>().message).toBe('Changing the purchasing catalogue needs the permission syrx_categories_manage.');
    }
    expect((await readCatalogue(reader.client)).sizes).toEqual(cat.sizes);

    const anonymous = t.client();
    expectStatus(await anonymous.get(`${v2}/syrx-controller-sizes`), 401);

    // The permission alone is enough.
    const editor = await memberWith(t, 'editor@example.com', ['syrx_categories_manage']);
    const xl = expectStatus(await editor.client.post(`${v2}/syrx-controller-sizes`, { name: ' Syrx Controller XL (64 nodes) ', price: 11_250, number_of_nodes: 64, sort_order: 40 }), 201).json<ControllerSize>();
    expect(xl).toMatchObject({ name: 'Syrx Controller XL (64 nodes)', price: 11_250, number_of_nodes: 64, sort_order: 40 });
    expect((await readCatalogue(reader.client)).sizes.map((s) => s.name).at(-1)).toBe('Syrx Controller XL (64 nodes)');
  });

  it('creates, edits and deletes categories and node types, and validates them', async () => {
    t = await createTestApp();
    const { client } = await signedInAdmin(t);
    const lighting = expectStatus(await client.post(`${v2}/syrx-controller-node-categories`, { name: 'Lighting', sort_order: 60 }), 201).json<NodeCategory>();
    const lamp = expectStatus(await client.post(`${v2}/syrx-controller-node-types`, { name: 'Lighting Panel', price: 149.95, syrx_controller_node_category_id: lighting.id }), 201).json<NodeType>();
    expect(lamp).toMatchObject({ name: 'Lighting Panel', price: 149.95, syrx_controller_node_category_id: lighting.id, sort_order: 0 });
    const renamed = expectStatus(await send(client, 'PUT', `${v2}/syrx-controller-node-categories/${lighting.id}`, { name: 'Lighting Controls', sort_order: 60 }), 200).json<NodeCategory>();
    expect(renamed.name).toBe('Lighting Controls');

    // A category with node types stays until they go.
    const inUse = await client.delete(`${v2}/syrx-controller-node-categories/${lighting.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json<{ message: string }>().message).toBe(purchasingMessages.categoryInUse);

    const bad = async (method: 'POST' | 'PUT', url: string, body: object) => {
      const res = await send(client, method, url, body);
      expect(res.statusCode, res.body).toBe(400);
      return fieldsOf(res);
    };
    expect(await bad('POST', `${v2}/syrx-controller-node-types`, { name: 'Dimmer', price: 10, syrx_controller_node_category_id: 99_999 }))
      .toEqual({ syrx_controller_node_category_id: purchasingMessages.categoryUnknown });
    expect(await bad('PUT', `${v2}/syrx-controller-node-types/${lamp.id}`, { name: '', price: 10.005, syrx_controller_node_category_id: lighting.id }))
      .toEqual({ name: purchasingMessages.name, price: purchasingMessages.priceCents });
    expect(await bad('POST', `${v2}/syrx-controller-sizes`, { name: 'XS', price: -1, number_of_nodes: 2.5 }))
      .toEqual({ price: purchasingMessages.price, number_of_nodes: purchasingMessages.numberOfNodes });
    expect(await bad('POST', `${v2}/syrx-controller-sizes`, { name: 'XS', price: 1_000_000, number_of_nodes: 4 })).toEqual({ price: purchasingMessages.priceMax });

    expectStatus(await client.delete(`${v2}/syrx-controller-node-types/${lamp.id}`), 204);
    expectStatus(await client.delete(`${v2}/syrx-controller-node-types/${lamp.id}`), 404);
    expectStatus(await client.delete(`${v2}/syrx-controller-node-categories/${lighting.id}`), 204);
    expectStatus(await send(client, 'PUT', `${v2}/syrx-controller-node-categories/${lighting.id}`, { name: 'Gone' }), 404);
  });
});
