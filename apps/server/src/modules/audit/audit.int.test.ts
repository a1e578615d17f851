import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@syrx/contracts/audit';
import { serviceIds } from '@syrx/contracts/services';
import { adminWithController, ctlUrl, expectStatus, send } from '../../test/bacnet-helpers.ts';
import { auditEntries, grant } from '../../test/operations-helpers.ts';
import { registerAndSignIn } from '../../test/registration-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createControllersService } from '../controllers/controllers.service.ts';
import { createGroupsService } from '../groups/groups.service.ts';
import { DomainEvents } from '../../lib/domain-events.ts';

let t: TestApp;
afterEach(async () => t?.close());

const version = '>=1.0.0 <2.0.0-0';
const services = (...ids: string[]) => ids.map((service_id) => ({ service_id, assigned_version: version }));

describe('audit log', () => {
  it('records controllers created, services changed, controllers registered and deleted, and failed sign-ins', async () => {
    t = await createTestApp();
    expect((await t.client().post('/api/Login', { username: 'admin', password: 'wrong' })).statusCode).toBe(401);
    expect((await t.client().post('/api/v2/auth', { username: 'nobody@example.com', password: 'guess' })).statusCode).toBe(401);
    const { admin, ctl } = await adminWithController(t, 'Roof controller');
    const url = `${ctlUrl(ctl)}/enabled-services`;
    expectStatus(await send(admin, 'PUT', url, services(serviceIds.updater, serviceIds.reporting)), 200);
    expectStatus(await send(admin, 'PUT', url, services(serviceIds.updater, serviceIds.reporting)), 200); // no change: no entry
    expectStatus(await send(admin, 'PUT', url, [{ service_id: serviceIds.updater, assigned_version: '^1.2' }, { service_id: serviceIds.diagnostic, assigned_version: '1.x' }]), 200);

    const user = t.client();
    const { user: registered } = await registerAndSignIn(user, t.db, { email: 'fm@example.com', group_name: 'Harbor Facilities' });
    const [provisioned] = await createControllersService(t.db, createGroupsService(t.db), new DomainEvents()).provision(1);
    expectStatus(await send(user, 'PATCH', `/api/BacnetControllers/${provisioned?.id}/register`, { syrx_controller_id: provisioned?.id, password: provisioned?.password }), 200);
    expectStatus(await admin.delete(ctlUrl(ctl)), 204);

    const entries = await auditEntries(admin);
    expect(entries.map((e) => e.action)).toEqual([
      'controller.delete', 'controller.register', 'controller.services.change', 'controller.services.change', 'controller.create', 'auth.signin.failed', 'auth.signin.failed',
    ]);
    expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((a, b) => b - a));
    const from = { ip: '127.0.0.1', user_agent: 'lightMyRequest' };
    const [deleted, claimed, changed, added, created, unknownUser, wrongPassword] = entries as [AuditEntry, AuditEntry, AuditEntry, AuditEntry, AuditEntry, AuditEntry, AuditEntry];
    const onCtl = { user_id: 1, username: 'admin', target_type: 'syrx_controller', target_id: ctl.id, group_id: ctl.group_id, group_name: 'Root', ...from };
    expect(created).toMatchObject({ ...onCtl, action: 'controller.create', details: { name: 'Roof controller' } });
    // A new controller runs the query, reporting and diagnostic services beside the updater: the first change removes two.
    expect(added).toMatchObject({ ...onCtl, details: { added: [], removed: [serviceIds.query, serviceIds.diagnostic], changed: [] } });
    expect(changed).toMatchObject({
      ...onCtl, details: { added: [{ service_id: serviceIds.diagnostic, assigned_version: '>=1.0.0 <2.0.0-0' }], removed: [serviceIds.reporting], changed: [{ service_id: serviceIds.updater, from: version, to: '>=1.2.0 <2.0.0-0' }] },
    });
    expect(claimed).toMatchObject({ user_id: registered.id, username: 'fm@example.com', target_id: provisioned?.id, group_id: registered.commissioning_group.id, group_name: 'Harbor Facilities', ...from });
    expect(deleted).toMatchObject({ ...onCtl, action: 'controller.delete', details: { name: 'Roof controller' } });
    expect(wrongPassword).toMatchObject({ user_id: null, username: 'admin', target_type: null, group_id: null, group_name: null, details: { reason: 'invalid_credentials' }, ...from });
    expect(unknownUser).toMatchObject({ user_id: null, username: 'nobody@example.com' });
    expect(Date.parse(created.at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('pages, sorts and filters for audit_log_view, and shows a reader only the groups they see', async () => {
    t = await createTestApp();
    for (const password of ['a', 'b', 'c']) await t.client().post('/api/Login', { username: 'admin', password });
    const { admin, ctl } = await adminWithController(t);
    const user = t.client();
    await registerAndSignIn(user, t.db, { email: 'reader@example.com', group_name: 'Reader Inc' });

    expect(await auditEntries(admin, 'skip=1&take=2')).toMatchObject([{ action: 'auth.signin.failed' }, { action: 'auth.signin.failed' }]);
    expect((await admin.get('/api/v2/audit-log/count')).json()).toEqual({ count: 4 });
    const filter = (field: string, type: string, op: string, value: string, i = 0) =>
      `filters[${i}][field]=${field}&filters[${i}][field_type]=${type}&filters[${i}][operator]=${op}&filters[${i}][value]=${encodeURIComponent(value)}`;
    expect((await auditEntries(admin, filter('action', 'string', 'eq', 'controller.create'))).map((e) => e.target_id)).toEqual([ctl.id]);
    expect((await admin.get(`/api/v2/audit-log/count?${filter('action', 'string', 'startswith', 'auth.')}`)).json()).toEqual({ count: 3 });
    expect((await admin.get(`/api/v2/audit-log/count?${filter('at', 'date', 'gte', new Date(Date.now() + 60_000).toISOString())}`)).json()).toEqual({ count: 0 });
    expect((await auditEntries(admin, 'sort=action:desc&take=1'))[0]?.action).toBe('controller.create');
    for (const q of [filter('password', 'string', 'eq', 'x'), 'sort=details:asc', 'take=5000']) expect((await admin.get(`/api/v2/audit-log?${q}`)).statusCode, q).toBe(400);

    // Without audit_log_view: 403. With it but not groups_allow_all: the entries of the groups the reader sees only.
    expect((await user.get('/api/v2/audit-log')).statusCode).toBe(403);
    expect((await user.get('/api/v2/audit-log/count')).statusCode).toBe(403);
    await grant(t.db, 'reader@example.com', 'Auditor', ['audit_log_view']);
    expect((await user.get('/api/v2/audit-log')).json()).toEqual([]);
    const { ctl: theirs } = await adminWithController(t, 'Reader controller', (await user.get('/api/Login')).json<{ commissioning_group: { id: number } }>().commissioning_group.id);
    expect((await user.get('/api/v2/audit-log')).json<AuditEntry[]>().map((e) => [e.action, e.target_id])).toEqual([['controller.create', theirs.id]]);
    expect((await t.client().get('/api/v2/audit-log')).statusCode).toBe(401);
  });
});
