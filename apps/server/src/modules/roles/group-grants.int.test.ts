import { afterEach, describe, expect, it } from 'vitest';
import { serviceIds } from '@syrx/contracts/services';
import { type Controller, ctlUrl, expectStatus, send } from '../../test/bacnet-helpers.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { groupWrites } from '../groups/groups.service.ts';
import { adminAndDana, createGroupRole, put } from './testing/roles-test-helpers.ts';

let t: TestApp;
afterEach(async () => t?.close());

const newController = async (admin: TestClient, name: string, groupId: number) =>
  expectStatus(await admin.post('/api/SyrxControllers', { name, description: '', group_id: groupId }), 201).json<Controller>();
const rename = (c: TestClient, ctl: Controller, name: string) => put(c, ctlUrl(ctl), { name, description: '' });
const updaterOnly = [{ service_id: serviceIds.updater, assigned_version: '^1.0.0' }];

/**
 * Dana runs "Reyes Mechanical" (a sub-group "North plant" below it); the administrator has controllers in both and one
 * in the root group, which Dana does not see.
 */
async function setUp() {
  t = await createTestApp();
  const { admin, dana } = await adminAndDana(t);
  const northId = await groupWrites.ensureChild(t.db, dana.groupId, 'North plant');
  const inOrg = await newController(admin, 'Office controller', dana.groupId);
  const inNorth = await newController(admin, 'North controller', northId);
  const inRoot = await newController(admin, 'Head office controller', 1);
  const managers = await createGroupRole(admin, 'Controller managers', ['group_controllers_manage']);
  const viewers = await createGroupRole(admin, 'Data viewers', ['group_data_view', 'group_controllers_view']);
  const giveDana = async (groupId: number, roleIds: number[]) =>
    expectStatus(await put(admin, `/api/v2/users/${dana.id}/group-roles`, { group_id: groupId, group_role_ids: roleIds }), 200);
  return { admin, dana, northId, inOrg, inNorth, inRoot, managers, viewers, giveDana };
}

describe('group roles in the server checks', () => {
  it('lets a holder of group_controllers_manage in a group manage its controllers and its sub-groups\' as pcs_admin would', async () => {
    const { dana, northId, inOrg, inNorth, inRoot, managers, viewers, giveDana } = await setUp();
    const d = dana.client;
    expectStatus(await rename(d, inOrg, 'Mine'), 403);
    expectStatus(await d.post('/api/SyrxControllers', { name: 'New', description: '' }), 403);

    // A group role without group_controllers_manage changes nothing.
    await giveDana(dana.groupId, [viewers.id]);
    expectStatus(await rename(d, inOrg, 'Mine'), 403);

    await giveDana(dana.groupId, [managers.id]);
    expect(expectStatus(await rename(d, inOrg, 'Office (renamed)'), 200).json()).toMatchObject({ name: 'Office (renamed)' });
    expectStatus(await rename(d, inNorth, 'North (renamed)'), 200);
    expectStatus(await send(d, 'PUT', `${ctlUrl(inNorth)}/enabled-services`, updaterOnly), 200);
    expectStatus(await send(d, 'PUT', `${ctlUrl(inNorth)}/bacnet-connection-configuration`, { ip_address: '10.0.0.5', port_num: 47808 }), 200);
    expectStatus(await d.post(`${ctlUrl(inNorth)}/syrx-controller-bacnet-devices`, { mac_address: '10.0.0.9', instance_number: 9 }), 201);
    const created = expectStatus(await d.post('/api/SyrxControllers', { name: 'New north', description: '', group_id: northId }), 201).json<Controller>();
    expectStatus(await d.delete(ctlUrl(created)), 204);
    // Moving a controller out of the groups of the grant is refused; the root group's stays out of sight.
    expectStatus(await put(d, ctlUrl(inOrg), { name: 'Office', description: '', group_id: 1 }), 404);
    expectStatus(await rename(d, inRoot, 'Theirs'), 404);
    // Every group's controllers (no root_group_id) stays pcs_admin's.
    expectStatus(await d.get('/api/SyrxControllers'), 403);
    expectStatus(await d.get(`/api/SyrxControllers?root_group_id=${dana.groupId}`), 200);

    // Taken away, it stops at once.
    await giveDana(dana.groupId, []);
    expectStatus(await rename(d, inOrg, 'Again'), 403);
    expectStatus(await d.delete(ctlUrl(inNorth)), 403);
  });

  it('grants in a sub-group only there, not in the group above it', async () => {
    const { dana, northId, inOrg, inNorth, managers, giveDana } = await setUp();
    await giveDana(northId, [managers.id]);
    expectStatus(await rename(dana.client, inNorth, 'North (renamed)'), 200);
    expectStatus(await rename(dana.client, inOrg, 'Office (renamed)'), 403);
    expectStatus(await dana.client.post('/api/SyrxControllers', { name: 'Up', description: '', group_id: dana.groupId }), 403);
    expectStatus(await dana.client.delete(ctlUrl(inNorth)), 204);
  });

  it('follows a change of the group role itself: its group permissions, or deleting it', async () => {
    const { admin, dana, inOrg, managers, giveDana } = await setUp();
    await giveDana(dana.groupId, [managers.id]);
    expectStatus(await rename(dana.client, inOrg, 'One'), 200);
    expectStatus(await put(admin, `/api/v2/group-roles/${managers.id}/group-permissions`, ['group_data_view']), 200);
    expectStatus(await rename(dana.client, inOrg, 'Two'), 403);
    expectStatus(await put(admin, `/api/v2/group-roles/${managers.id}/group-permissions`, ['group_controllers_manage']), 200);
    expectStatus(await rename(dana.client, inOrg, 'Three'), 200);
    expectStatus(await admin.delete(`/api/v2/group-roles/${managers.id}`), 204);
    expectStatus(await rename(dana.client, inOrg, 'Four'), 403);
  });
});
