import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPermissions } from '@syrx/contracts/permissions';
import { serviceIds } from '@syrx/contracts/services';
import { createAccount } from '../modules/accounts/testing/account-fixtures.ts';
import { addDevice, adminWithController, analogInputs, ctlUrl, expectStatus, uploadPoints } from '../test/bacnet-helpers.ts';
import { grant } from '../test/operations-helpers.ts';
import { createContact, createEquipment, createProject, equipmentFields, nodeAt, projectBody, scheduleTree } from '../test/project-helpers.ts';
import { registerAndSignIn } from '../test/registration-helpers.ts';
import { createTestApp, type TestApp, type TestClient } from '../test/test-app.ts';
import { type ParamValues, urlsFor, validBodies } from './generated-requests.ts';
import { publicRoutes, type RouteRule, routePermissions } from './route-permissions.ts';
import { routeKey } from './route-sweep.ts';

/**
 * The permission matrix, generated from the route table and route-permissions.ts: for every route that needs a
 * permission, a user holding every permission but that one (and seeing every group) is refused with 403 and changes
 * nothing, while the administrator is never refused; every route that needs only a session lets a member without
 * permissions through. Anonymous callers and other organizations are route-sweep.int.test.ts's.
 */
let t: TestApp;
let admin: Caller;
let params: ParamValues;
let references: Record<string, unknown>;
let rootId: number;
/** Bodies for routes whose schema the faker cannot meet (refinements, arrays of names, CSV): a request a user would send. */
let examples: Record<string, Body[] | ((caller: { userId: number }) => Body[])>;
type Body = object | null | { csv: string };

const ruleName = (rule: RouteRule) => (rule === 'session' ? 'session' : rule.join('|'));
const refused = (status: number) => status === 401 || status === 403;

interface Caller {
  client: TestClient;
  userId: number;
}

/** A user of the root group (so every group is visible) holding every permission but `rule`'s. */
async function userWithout(rule: RouteRule, n: number): Promise<Caller> {
  const client = t.client();
  const email = `matrix-${n}@example.com`;
  const { user } = await registerAndSignIn(client, t.db, { email, group_name: `Matrix ${n} Inc` });
  await t.db.execute(sql`delete from user_roles where user_id = ${user.id}`);
  await t.db.execute(sql`insert into group_memberships (user_id, group_id) values (${user.id}, ${rootId})`);
  const held = rule === 'session' ? [] : allPermissions.filter((p) => !rule.includes(p));
  if (held.length > 0) await grant(t.db, email, `all but ${ruleName(rule)}`, held);
  return { client, userId: user.id };
}

/** Every table's content as a digest, to show that refused requests changed nothing (not only the row counts). */
async function tableDigests(): Promise<Record<string, string>> {
  const tables = (await t.db.execute<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public'`)).rows
    .map((r) => r.tablename).filter((n) => !['sessions', 'used_refresh_tokens', 'audit_log', '__drizzle_migrations'].includes(n));
  const digests: Record<string, string> = {};
  for (const name of tables) {
    const r = await t.db.execute<{ d: string }>(sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from "${name}" x`));
    digests[name] = r.rows[0]?.d ?? '';
  }
  return digests;
}

/** The requests to make on a route: each URL with each example or generated body (or none). */
function requestsFor(route: (typeof t.app.routeTable)[number], caller: Caller) {
  const given = examples[routeKey(route)];
  const example = typeof given === 'function' ? given(caller) : given;
  const bodies: (Body | undefined)[] = example ?? (route.hasBody ? validBodies(route, references) as Body[] : [undefined]);
  return urlsFor(route.url, params).flatMap((u) => (bodies.length > 0 ? bodies : [{}]).map((body) => ({ method: route.method, url: u, body })));
}

function send({ client: c }: Caller, r: { method: string; url: string; body: Body | undefined }) {
  const request = { method: r.method as 'GET', url: r.url };
  if (r.body === undefined) return c.request(request);
  if (r.body !== null && 'csv' in r.body) return c.request({ ...request, payload: r.body.csv, headers: { 'content-type': 'text/csv' } });
  return c.request({ ...request, payload: JSON.stringify(r.body), headers: { 'content-type': 'application/json' } });
}

beforeAll(async () => {
  t = await createTestApp();
  const made = await adminWithController(t, 'Matrix controller');
  const ctl = made.ctl;
  const me = expectStatus(await made.admin.get('/api/Login'), 200).json<{ id: number; commissioning_group: { id: number } }>();
  admin = { client: made.admin, userId: me.id };
  const api = made.admin;
  rootId = me.commissioning_group.id;
  const device = await addDevice(api, ctl, { mac_address: '127.0.0.5:47808', instance_number: 5 });
  await uploadPoints(api, device.id, analogInputs(1, 2));
  const points = expectStatus(await api.get(`${ctlUrl(ctl)}/bacnet-points`), 200).json<{ id: number }[]>();
  const pointId = points[0]?.id ?? 0;
  const transmitters = `${ctlUrl(ctl)}/services/${serviceIds.pressure}/building-pressure-transmitters`;
  const transmitter = expectStatus(await api.post(transmitters, { transmitter_height: 4, syrx_controller_bacnet_point_id: pointId }), 201).json<{ id: number }>();
  const account = await createAccount(api, rootId, { name: 'Matrix account' });
  const contact = await createContact(api, rootId, { first_name: 'Matrix' });
  const project = await createProject(api, rootId, { name: 'Matrix project' });
  const pump = nodeAt(await scheduleTree(api), ['Pump']);
  const equipment = await createEquipment(api, { equipment: { ...equipmentFields, group_id: rootId, component_id: pump.id } });
  const role = expectStatus(await api.post('/api/v2/roles', { name: 'Matrix role', permissions: ['contacts_manage'] }), 201).json<{ id: number }>();
  const groupRole = expectStatus(await api.post('/api/v2/group-roles', { name: 'Matrix group role', description: 'For the matrix' }), 201).json<{ id: number }>();
  const sizes = expectStatus(await api.get('/api/v2/syrx-controller-sizes'), 200).json<{ id: number }[]>();
  const categories = expectStatus(await api.get('/api/v2/syrx-controller-node-categories'), 200).json<{ id: number }[]>();
  const nodeTypes = expectStatus(await api.get('/api/v2/syrx-controller-node-types'), 200).json<{ id: number }[]>();
  const invitee = expectStatus(await api.post('/api/v2/users', { email: 'matrix-invitee@example.com', first_name: 'Matrix', last_name: 'Invitee', group_ids: [rootId] }), 201).json<{ id: number }>();
  const group = expectStatus(await api.post('/api/v2/groups', { name: 'Matrix group', parent_id: rootId }), 201).json<{ id: number }>();
  const issue = expectStatus(await api.post('/api/v2/issues', { title: 'Matrix issue', syrx_controller_id: ctl.id }), 201).json<{ id: number }>();
  const task = expectStatus(await api.post('/api/v2/tasks', { title: 'Matrix task', project_id: project.id }), 201).json<{ id: number }>();
  const issueLink = expectStatus(await api.post(`/api/v2/issues/${issue.id}/links`, { kind: 'device', target_id: device.id }), 201).json<{ id: number }>();
  const optionOf = async (url: string) => expectStatus(await api.get(`${url}?pageSize=200`), 200).json<{ items: { id: number; field: string }[] }>().items.find((o) => o.field === 'type');
  const [issueOption, taskOption] = [await optionOf('/api/v2/issue-field-options'), await optionOf('/api/v2/task-field-options')];
  const taskLink = expectStatus(await api.post(`/api/v2/tasks/${task.id}/links`, { kind: 'equipment', target_id: equipment.id }), 201).json<{ id: number }>();

  const idOf = (x: { id: number | string } | undefined) => String(x?.id ?? 1);
  params = {
    byName: {
      userId: [String(me.id)], groupId: [String(rootId)], deviceId: [String(device.id)], pointId: [String(pointId)],
      transmitterId: [String(transmitter.id)], serviceId: [serviceIds.pressure, serviceIds.diagnostic, serviceIds.reporting],
      queryServiceId: [serviceIds.query], version: ['1.0.0'], artifactId: ['1'], kind: ['vendor-point-records', 'pcs-points'],
      v: ['Matrix'], a: ['A'], b: ['B'], text: ['Pu'], linkId: [String(issueLink.id), String(taskLink.id)],
    },
    idByPrefix: [
      ['/api/SyrxControllers', [ctl.id]], ['/api/BacnetControllers', [ctl.id]], ['/api/v2/accounts', [idOf(account)]],
      ['/api/v2/contacts', [idOf(contact)]], ['/api/v2/projects', [idOf(project)]], ['/api/v2/equipments', [idOf(equipment)]],
      ['/api/v2/roles', [idOf(role)]], ['/api/v2/group-roles', [idOf(groupRole)]], ['/api/v2/components', [String(pump.id)]],
      ['/api/v2/syrx-controller-sizes', [idOf(sizes[0])]], ['/api/v2/syrx-controller-node-categories', [idOf(categories[0])]],
      ['/api/v2/syrx-controller-node-types', [idOf(nodeTypes[0])]], ['/api/v2/syrx-controller-service-types', [serviceIds.reporting]],
      ['/api/v2/users', [idOf(invitee)]],
      ['/api/v2/groups', [idOf(group)]],
      ['/api/v2/issues', [idOf(issue)]], ['/api/v2/tasks', [idOf(task)]],
      ['/api/v2/issue-field-options', [idOf(issueOption)]], ['/api/v2/task-field-options', [idOf(taskOption)]],
    ],
  };
  references = {
    group_id: rootId, user_id: me.id, project_id: project.id, component_id: pump.id, syrx_controller_bacnet_point_id: pointId,
    syrx_controller_id: ctl.id, account_id: account.id, weatherstation_id: account.weatherstation_id, timezone: 'America/New_York',
    service_id: serviceIds.reporting, group_role_ids: [groupRole.id], sub_components: [],
  };
  const day = '2026-01-05';
  examples = {
    'POST /api/SyrxControllers/:id/syrx-controller-bacnet-devices': [{ mac_address: '127.0.0.6:47808', instance_number: 6 }],
    // The APDU timing fields are optional with defaults (a preprocess the generated bodies do not fill right).
    'PUT /api/SyrxControllers/:id/bacnet-connection-configuration': [{ ip_address: '127.0.0.9', port_num: 47808, apdu_timeout_ms: 2000, apdu_retries: 2 }],
    'PATCH /api/SyrxControllers/:id/bacnet-devices': [[{ id: device.id, name: 'Matrix device', status: 'available' }]],
    'PATCH /api/bacnet-devices': [[{ id: device.id, name: 'Matrix device', status: 'available' }]],
    'POST /api/v2/purchasing/initiate': (caller) => [{
      group_id: rootId, user_id: caller.userId, syrx_controller_size_quantities: [{ syrx_controller_size_id: sizes[0]?.id, quantity: 1 }],
      syrx_controller_node_type_quantities: [],
    }],
    'POST /api/v2/vendor_point_record_move_jobs': [[{
      source_data_point_name: 'AI-1', source_vendor_point_id: null, source_pcs_point_id: null, source_syrx_controller_bacnet_point_id: pointId,
      destination_data_point_name: 'AI-2', destination_vendor_point_id: null, destination_pcs_point_id: null,
      destination_syrx_controller_bacnet_point_id: points[1]?.id ?? pointId, full_time_range: true, source_record_handling: 'copy', remap_equipment_points: false,
    }]],
    'POST /api/v2/account-size-normalizations': [{ account_id: account.id, effective_date: day, value: 15_000 }],
    'POST /api/v2/account-price-normalizations': [{ account_id: account.id, effective_date: day, value: 0.16 }],
    'POST /api/v2/projects': [projectBody(rootId)],
    'PUT /api/v2/projects/:id': [projectBody(rootId)],
    'POST /api/v2/equipments': [{ equipment: { ...equipmentFields, group_id: rootId, component_id: pump.id } }],
    'PUT /api/v2/equipments/:id': [{ equipment: equipmentFields }],
    'POST /api/v2/contacts': [{ first_name: 'Ana', last_name: 'Silva', group_id: rootId }],
    'PUT /api/v2/contacts/:id': [{ first_name: 'Ana', last_name: 'Silva' }],
    'POST /api/v2/syrx-controller-sizes': [{ name: 'Matrix size', price: 100, number_of_nodes: 4 }],
    'PUT /api/v2/syrx-controller-sizes/:id': [{ name: 'Matrix size', price: 100, number_of_nodes: 4 }],
    'POST /api/v2/syrx-controller-node-types': [{ name: 'Matrix node', price: 10, syrx_controller_node_category_id: categories[0]?.id }],
    'PUT /api/v2/syrx-controller-node-types/:id': [{ name: 'Matrix node', price: 10, syrx_controller_node_category_id: categories[0]?.id }],
    'POST /api/v2/syrx-controller-service-types/:id/versions': [{ service_id: serviceIds.reporting, version_name: '9.9.9', syrx_controller_service_artifact_id: 1 }],
    'PUT /api/v2/roles/:id/permissions': [['contacts_manage']],
    'POST /api/v2/utility-companies': [{ name: 'Matrix Power', service_type: 'electric', website: 'https://matrix.example.com' }],
    'PUT /api/v2/utility-companies/:id': [{ name: 'Matrix Power', service_type: 'gas', website: null }],
    'POST /api/v2/users': [{ email: 'matrix-invitee-2@example.com', first_name: 'Matrix', last_name: 'Two', group_ids: [rootId] }],
    'PUT /api/v2/users/:id': [{ first_name: 'Matrix', last_name: 'Invitee', group_ids: [rootId] }],
    'POST /api/v2/groups': [{ name: 'Matrix subgroup', parent_id: group.id }],
    'PUT /api/v2/groups/:id': [{ name: 'Matrix group renamed', parent_id: rootId, require_two_factor: false }],
    'PUT /api/v2/groups/:id/members': (caller) => [{ user_ids: [caller.userId] }],
    'POST /api/v2/issues': [{ title: 'Matrix issue 2', syrx_controller_id: ctl.id }],
    'POST /api/v2/point-records/backfill': [{ syrx_controller_id: ctl.id, from: `${day}T00:00:00Z`, to: `${day}T01:00:00Z` }],
    'POST /api/v2/tasks': [{ title: 'Matrix task 2', project_id: project.id }],
    'PATCH /api/v2/issues/:id': [{ title: 'Matrix issue renamed' }],
    'PATCH /api/v2/tasks/:id': [{ title: 'Matrix task renamed' }],
    'POST /api/v2/issues/:id/links': [{ kind: 'point', target_id: pointId }],
    'POST /api/v2/tasks/:id/links': [{ kind: 'point', target_id: pointId }],
    'POST /api/v2/issue-field-options': [{ field: 'type', name: 'Matrix type' }],
    'PUT /api/v2/issue-field-options/:id': [{ field: 'type', name: 'Matrix type renamed' }],
    'POST /api/v2/task-field-options': [{ field: 'type', name: 'Matrix type' }],
    'PUT /api/v2/task-field-options/:id': [{ field: 'type', name: 'Matrix type renamed' }],
    'POST /api/v2/imports/:kind': [{ csv: 'vendor,id_field_1,id_field_2,id_field_3,timestamp,value\nMatrix,A,B,C,2026-01-05T00:00:00Z,1\n' }],
    'POST /api/v2/groups/:groupId/group-data': [{ csv: 'point_name,timestamp,value\nMatrix,2026-01-05T00:00:00Z,1\n' }],
  };
}, 120_000);
afterAll(async () => t?.close());

const agentNotConnected = (body: string): boolean => {
  try {
    return (JSON.parse(body) as { details?: { exception_type?: string } }).details?.exception_type === 'NotConnected';
  } catch {
    return false;
  }
};

describe('permission matrix', () => {
  it('lists every route that needs a session in route-permissions.ts, and nothing that is gone', () => {
    const keys = t.app.routeTable.map(routeKey);
    expect(keys.filter((k) => !publicRoutes.has(k) && !(k in routePermissions))).toEqual([]);
    expect(Object.keys(routePermissions).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('refuses a user with every permission but the one a route needs, with 403, and changes nothing', async () => {
    const rules = new Map<string, RouteRule>();
    for (const rule of Object.values(routePermissions)) if (rule !== 'session') rules.set(ruleName(rule), rule);
    const users = new Map<string, Caller>();
    for (const [name, rule] of rules) users.set(name, await userWithout(rule, users.size));

    const before = await tableDigests();
    const wrong: string[] = [];
    for (const route of t.app.routeTable) {
      const rule = routePermissions[routeKey(route)];
      if (!rule || rule === 'session') continue;
      const user = users.get(ruleName(rule));
      if (!user) throw new Error(`no user for ${ruleName(rule)}`);
      const statuses = new Set<number>();
      for (const request of requestsFor(route, user)) statuses.add((await send(user, request)).statusCode);
      // Refused (403) at least once: the request got past validation to the check. Never let through.
      if (!statuses.has(403) || [...statuses].some((s) => s < 400 || s >= 500)) wrong.push(`${routeKey(route)} without ${ruleName(rule)} → ${[...statuses].join(', ')}`);
    }
    expect(wrong).toEqual([]);
    expect(await tableDigests()).toEqual(before);
  }, 240_000);

  it('lets a member without permissions through every route that needs only a session', async () => {
    const member = await userWithout('session', 99);
    const wrong: string[] = [];
    for (const route of t.app.routeTable.filter((r) => routePermissions[routeKey(r)] === 'session')) {
      const statuses = new Set<number>();
      for (const request of requestsFor(route, member)) statuses.add((await send(member, request)).statusCode);
      if ([...statuses].every(refused) || [...statuses].some((s) => s >= 500)) wrong.push(`${routeKey(route)} → ${[...statuses].join(', ')}`);
    }
    expect(wrong).toEqual([]);
  }, 240_000);

  it('never refuses the administrator (every permission) on a route that needs one', async () => {
    const wrong: string[] = [];
    // Deletions last, so that they do not take away what the other routes are called with.
    const routes = t.app.routeTable.filter((r) => { const rule = routePermissions[routeKey(r)]; return rule !== undefined && rule !== 'session'; })
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    for (const route of routes) {
      const statuses = new Set<number>();
      for (const request of requestsFor(route, admin)) {
        const response = await send(admin, request);
        // No agent runs here: a route that asks the controller's agent rightly answers 503 "not connected" once the
        // caller passed every check (docs/devices-and-points.md); any other 5xx is wrong.
        statuses.add(response.statusCode === 503 && agentNotConnected(response.body) ? 0 : response.statusCode);
      }
      if ([...statuses].some((s) => refused(s) || s >= 500)) wrong.push(`${routeKey(route)} → ${[...statuses].join(', ')}`);
    }
    expect(wrong).toEqual([]);
  }, 240_000);
});
