import { describe, expect, it } from 'vitest';
import { type ComponentNode, type ComponentPoint, type ComponentType, componentMessages } from '@syrx/contracts/components';
import { auditEntries } from '../../test/operations-helpers.ts';
import { adminServerForFile, createEquipment, equipmentFields, expectStatus, fieldsOf, memberWith, put, scheduleTree } from '../../test/project-helpers.ts';

const types = '/api/v2/component-types';
const points = '/api/v2/component-points';
const file = adminServerForFile();

const addType = async (parent_id: number | null, description: string, is_schedule_type = false) =>
  expectStatus(await file.admin.post(types, { parent_id, description, is_schedule_type }), 201).json<ComponentType>();
const allTypes = async () => expectStatus(await file.admin.get(types), 200).json<ComponentType[]>();
const childrenOf = async (parentId: number | null) => (await allTypes()).filter((x) => x.parent_id === parentId).map((x) => x.description);
const addPoint = async (typeId: number, point_code: string, point_type = 'AI') =>
  expectStatus(await file.admin.post(`${types}/${typeId}/points`, { point_code, description: `${point_code} point`, point_type }), 201).json<ComponentPoint>();

describe('Admin › Components', () => {
  it('adds a schedule type and types under it, renames, moves and marks them; the schedule tree follows', async () => {
    const { admin } = file;
    const plant = await addType(null, ' Heat Recovery Chiller ', true);
    expect(plant).toMatchObject({ parent_id: null, description: 'Heat Recovery Chiller', is_schedule_type: true, points: 0 });
    const kind = await addType(plant.id, 'Type');
    const [a, b, c] = [await addType(kind.id, 'Air-Source'), await addType(kind.id, 'Water-Source'), await addType(kind.id, 'Ground-Source')];
    expect([a.sort_order, b.sort_order, c.sort_order]).toEqual([0, 1, 2]);

    const moved = expectStatus(await admin.post(`${types}/${c.id}/move`, { direction: 'up' }), 200).json<ComponentType[]>();
    expect(moved.map((x) => x.description)).toEqual(['Air-Source', 'Ground-Source', 'Water-Source']);
    expectStatus(await admin.post(`${types}/${a.id}/move`, { direction: 'up' }), 200);
    expect(await childrenOf(kind.id)).toEqual(['Air-Source', 'Ground-Source', 'Water-Source']);

    expect(expectStatus(await put(admin, `${types}/${b.id}`, { description: 'Water-to-Water', is_schedule_type: false }), 200).json()).toMatchObject({ description: 'Water-to-Water' });
    const tree = await scheduleTree(admin);
    const node = tree.find((n) => n.id === plant.id) as ComponentNode;
    expect(node.children[0]?.children.map((n) => n.description)).toEqual(['Air-Source', 'Ground-Source', 'Water-to-Water']);

    expectStatus(await put(admin, `${types}/${plant.id}`, { description: 'Heat Recovery Chiller', is_schedule_type: false }), 200);
    expect((await scheduleTree(admin)).map((n) => n.id)).not.toContain(plant.id);
    const audited = await auditEntries(admin, 'filters[0][field]=target_type&filters[0][field_type]=string&filters[0][operator]=eq&filters[0][value]=component_type');
    expect(audited.filter((e) => e.target_id === String(plant.id)).map((e) => e.action)).toEqual(['catalogue.update', 'catalogue.create']);
  });

  it('answers 400 naming the field for bad input and 409 for a sibling of the same description', async () => {
    const { admin } = file;
    const top = await addType(null, 'Steam Converter');
    expect(fieldsOf(await admin.post(types, { parent_id: top.id, description: ' ' }))).toEqual({ description: componentMessages.description });
    expect(fieldsOf(await admin.post(types, { parent_id: 2_000_000_000, description: 'Orphan' }))).toEqual({ parent_id: componentMessages.parentUnknown });
    expect(fieldsOf(await admin.post(types, { parent_id: top.id, description: 'Section', is_schedule_type: true }))).toEqual({ is_schedule_type: componentMessages.scheduleTopOnly });
    expect(fieldsOf(await admin.post(`${types}/${top.id}/move`, { direction: 'sideways' }))).toHaveProperty('direction');
    await addType(top.id, 'Valve');
    const other = await addType(top.id, 'Trap');
    const taken = expectStatus(await admin.post(types, { parent_id: top.id, description: 'VALVE' }), 409).json<object>();
    expect(taken).toMatchObject({ fields: [{ field: 'description', message: componentMessages.typeTaken('VALVE') }] });
    expectStatus(await put(admin, `${types}/${other.id}`, { description: 'valve', is_schedule_type: false }), 409);
    // The same description under another parent is fine.
    await addType(null, 'Valve');
    for (const res of [await put(admin, `${types}/2000000000`, { description: 'X', is_schedule_type: false }), await admin.delete(`${types}/2000000000`), await admin.get(`${types}/2000000000/points`)]) {
      expectStatus(res, 404);
    }
    expectStatus(await admin.get(`${types}/abc/points`), 400);
  });

  it('adds, edits and removes a type\'s points; a code in use on the type is a 409', async () => {
    const { admin } = file;
    const meter = await addType(null, 'Water Meter', true);
    const flow = await addPoint(meter.id, 'FLOW');
    const total = await addPoint(meter.id, 'TOT');
    expect([flow.sort_order, total.sort_order]).toEqual([0, 1]);
    expect(fieldsOf(await admin.post(`${types}/${meter.id}/points`, { point_code: 'X', description: 'X', point_type: 'ZZ' }))).toEqual({ point_type: componentMessages.pointType });
    expect(expectStatus(await admin.post(`${types}/${meter.id}/points`, { point_code: 'flow', description: 'Again', point_type: 'AI' }), 409).json())
      .toMatchObject({ fields: [{ field: 'point_code', message: componentMessages.pointTaken('flow') }] });
    const edited = expectStatus(await put(admin, `${points}/${total.id}`, { point_code: 'TOT-VOL', description: 'Totalized Volume', point_type: 'AV' }), 200).json<ComponentPoint>();
    expect(edited).toEqual({ ...total, point_code: 'TOT-VOL', description: 'Totalized Volume', point_type: 'AV' });
    expectStatus(await put(admin, `${points}/${total.id}`, { point_code: 'FLOW', description: 'x', point_type: 'AI' }), 409);
    expect(expectStatus(await admin.get(`${types}/${meter.id}/points`), 200).json<ComponentPoint[]>().map((p) => p.point_code)).toEqual(['FLOW', 'TOT-VOL']);
    expectStatus(await admin.delete(`${points}/${flow.id}`), 204);
    expectStatus(await admin.delete(`${points}/${flow.id}`), 404);
    expect((await allTypes()).find((x) => x.id === meter.id)?.points).toBe(1);
  });

  it('refuses to delete a type or point equipment uses (409), and deletes an unused type with the types below it', async () => {
    const { admin, rootId } = file;
    const pump = await addType(null, 'Booster Pump', true);
    const drive = await addType(pump.id, 'Drive');
    const vfd = await addType(drive.id, 'With VFD');
    const speed = await addPoint(vfd.id, 'SPD', 'AO');
    const equipment = await createEquipment(admin, { equipment: { ...equipmentFields, name: 'BP-1', group_id: rootId, component_id: pump.id }, sub_components: [vfd.id] });
    expect(equipment.points.map((p) => p.point_code)).toContain('SPD');

    const refused = expectStatus(await admin.delete(`${types}/${drive.id}`), 409).json<{ message: string }>();
    expect(refused.message).toBe(componentMessages.typeInUse('Drive', 1));
    expect(expectStatus(await admin.delete(`${points}/${speed.id}`), 409).json<{ message: string }>().message).toBe(componentMessages.pointInUse('SPD', 1));
    expectStatus(await admin.delete(`/api/v2/equipments/${equipment.id}`), 204);

    expectStatus(await admin.delete(`${types}/${drive.id}`), 204);
    const left = (await allTypes()).map((x) => x.id);
    expect(left).toContain(pump.id);
    expect(left).not.toContain(vfd.id);
  });

  it('needs components_manage for every change and read of the Admin tree (403, nothing changed)', async () => {
    const { t } = file;
    const { client } = await memberWith(t, 'no-components@example.com', ['equipment_manage', 'weatherstations_manage']);
    const top = await addType(null, 'Locked Type');
    const p = await addPoint(top.id, 'LCK');
    const before = await allTypes();
    for (const res of [
      await client.get(types), await client.post(types, { parent_id: null, description: 'Mine' }), await put(client, `${types}/${top.id}`, { description: 'Mine', is_schedule_type: false }),
      await client.post(`${types}/${top.id}/move`, { direction: 'up' }), await client.delete(`${types}/${top.id}`), await client.get(`${types}/${top.id}/points`),
      await client.post(`${types}/${top.id}/points`, { point_code: 'M', description: 'M', point_type: 'AI' }),
      await put(client, `${points}/${p.id}`, { point_code: 'M', description: 'M', point_type: 'AI' }), await client.delete(`${points}/${p.id}`),
    ]) expectStatus(res, 403);
    expect(await allTypes()).toEqual(before);
  });
});
