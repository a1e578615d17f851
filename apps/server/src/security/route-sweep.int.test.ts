import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../modules/accounts/testing/account-fixtures.ts';
import { adminWithController, expectStatus } from '../test/bacnet-helpers.ts';
import { createContact, createProject } from '../test/project-helpers.ts';
import { registerAndSignIn } from '../test/registration-helpers.ts';
import { createTestApp, type TestApp, type TestClient } from '../test/test-app.ts';
import { publicRoutes } from './route-permissions.ts';
import { fillParams, routeKey } from './route-sweep.ts';
import { dbPass } from '../test/db-pass.ts';

/**
 * Generated from the route table (every route the server registers, those added later included):
 * the authorisation matrix and the bad-input sweep of docs/security.md. Thousands of requests each: the matrix runs in
 * the PostgreSQL pass, the sweep in the PGlite one (the answers come from the server's own checks and the same SQL).
 */
const marker = 'LEAKMARK';
/** A public route whose own check still refuses an anonymous caller with 401. */
const selfChecked = new Set(['POST /api/v2/auth/refresh']);
/** Routes that end or replace the caller's own session (the sweep must keep its sessions). */
const sessionRoutes = new Set(['DELETE /api/Login', 'DELETE /api/v2/auth', 'POST /api/v2/auth/refresh', 'POST /api/Login', 'POST /api/v2/auth']);

let t: TestApp;
let admin: TestClient;
/** Path parameter values that name real objects of the administrator's (root) group. */
let ids: string[] = [];

const call = (c: TestClient, method: string, url: string, payload?: unknown) =>
  c.request({ method: method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
const ok = (res: LightMyRequestResponse) => res.statusCode >= 200 && res.statusCode < 300;
const apiRoutes = () => t.app.routeTable.filter((r) => !sessionRoutes.has(routeKey(r)));

/** A count of rows per table, to show that refused requests stored nothing. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = (await t.db.execute<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public'`)).rows
    .map((r) => r.tablename).filter((n) => !['sessions', 'used_refresh_tokens', 'audit_log', '__drizzle_migrations'].includes(n));
  const counts: Record<string, number> = {};
  for (const name of tables) counts[name] = (await t.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from "${name}"`))).rows[0]?.n ?? 0;
  return counts;
}

beforeAll(async () => {
  t = await createTestApp();
  const made = await adminWithController(t, `${marker} controller`);
  admin = made.admin;
  const rootId = expectStatus(await admin.get('/api/Login'), 200).json<{ commissioning_group: { id: number } }>().commissioning_group.id;
  const account = await createAccount(admin, rootId, { name: `${marker} account` });
  const contact = await createContact(admin, rootId, { first_name: marker });
  const project = await createProject(admin, rootId, { name: `${marker} project` });
  expectStatus(await admin.post('/api/v2/users', { email: 'leakmark@example.com', first_name: marker, last_name: 'User', group_ids: [rootId] }), 201);
  ids = [made.ctl.id, String(account.id), String(contact.id), String(project.id), String(rootId), '1'];
}, 60_000);
afterAll(async () => t?.close());

describe.runIf(dbPass.postgres)('authorisation matrix', { timeout: 90_000 }, () => {
  it('answers every non-public route 401 without a session, whatever the input; public ones never 5xx', async () => {
    const anonymous = t.client();
    await anonymous.get('/api/Login');
    const wrong: string[] = [];
    for (const r of t.app.routeTable) {
      for (const payload of r.method === 'GET' || r.method === 'DELETE' ? [undefined] : [{}, { name: 'x' }]) {
        const res = await call(anonymous, r.method, fillParams(r.url, () => ids[0] ?? '1'), payload);
        const expected = publicRoutes.has(routeKey(r)) && !selfChecked.has(routeKey(r)) ? res.statusCode < 500 : res.statusCode === 401;
        if (!expected) wrong.push(`${routeKey(r)} → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(t.app.routeTable.length).toBeGreaterThan(100);
  });

  it('reaches the marked objects through the sweep when the administrator asks (the control for the next tests)', async () => {
    const seen = new Set<string>();
    for (const r of apiRoutes().filter((x) => x.method === 'GET')) {
      for (const id of ids) {
        const res = await call(admin, r.method, fillParams(r.url, () => id));
        if (ok(res) && res.body.includes(marker)) seen.add(r.url);
      }
    }
    expect(seen.size).toBeGreaterThanOrEqual(6);
  });

  it('shows a user of another organization nothing of the administrator’s group on any route, and lets them change nothing', async () => {
    const other = t.client();
    await registerAndSignIn(other, t.db, { email: 'matrix-outsider@example.com', group_name: 'Elsewhere Matrix Inc' });
    const before = await rowCounts();
    const leaks: string[] = [];
    for (const r of apiRoutes()) {
      for (const id of ids) {
        const res = await call(other, r.method, fillParams(r.url, () => id), r.method === 'GET' || r.method === 'DELETE' ? undefined : {});
        if (res.statusCode >= 500) leaks.push(`${routeKey(r)} (${id}) → ${res.statusCode}`);
        if (ok(res) && res.body.includes(marker)) leaks.push(`${routeKey(r)} (${id}) shows ${marker}`);
        if (ok(res) && r.method === 'DELETE') leaks.push(`${routeKey(r)} (${id}) deleted`);
      }
    }
    expect(leaks).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  });

  it('lets a member of the group without permissions delete nothing', async () => {
    const member = t.client();
    const { user } = await registerAndSignIn(member, t.db, { email: 'matrix-member@example.com', group_name: 'Member Matrix Inc' });
    await t.db.execute(sql`delete from user_roles where user_id = ${user.id}`);
    await t.db.execute(sql`insert into group_memberships (user_id, group_id) select ${user.id}, id from groups where parent_id is null`);
    const before = await rowCounts();
    const deleted: string[] = [];
    for (const r of apiRoutes().filter((x) => x.method === 'DELETE')) {
      for (const id of ids) {
        const res = await call(member, r.method, fillParams(r.url, () => id));
        if (ok(res) || res.statusCode >= 500) deleted.push(`${routeKey(r)} (${id}) → ${res.statusCode}`);
      }
    }
    expect(deleted).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  });
});

describe.runIf(dbPass.pglite)('bad-input sweep', { timeout: 90_000 }, () => {
  const junkParams = ['0', '-1', '99999999999999999999', 'not-a-number', "1' or '1'='1", '%00', '..%2F..%2Fetc', '𝔘𝔫𝔦', 'x'.repeat(3000)];
  const junkQueries = ['pageSize=-1&pageNum=abc', 'sort[0][field]=__proto__&sort[0][dir]=sideways', 'filter[0][field]=name&filter[0][value][x]=1', 'skip=1e999&take=NaN', 'from=yesterday&to=2026-13-45', `q=${'%F0%9F%92%A9'.repeat(200)}`];

  it('refuses malformed JSON and oversized bodies with 4xx on every route with a body, storing nothing', async () => {
    const before = await rowCounts();
    const wrong: string[] = [];
    for (const r of apiRoutes().filter((x) => x.hasBody)) {
      const url = fillParams(r.url, () => ids[0] ?? '1');
      const malformed = await admin.request({ method: r.method, url, payload: '{"name": "x",', headers: { 'content-type': 'application/json' } });
      if (malformed.statusCode !== 400) wrong.push(`${routeKey(r)} malformed → ${malformed.statusCode}`);
      const big = await admin.request({ method: r.method, url, payload: JSON.stringify({ name: 'x'.repeat(1_100_000) }), headers: { 'content-type': 'application/json' } });
      if (big.statusCode !== 413) wrong.push(`${routeKey(r)} oversized → ${big.statusCode}`);
    }
    expect(wrong).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  });

  it('never answers 5xx to wrong types, missing fields, odd unicode, junk path parameters or junk queries', async () => {
    const bodies = fc.sample(fc.oneof(fc.anything(), fc.dictionary(fc.constantFrom('name', 'id', 'group_id', 'email', 'start_date', 'quantity', 'items'), fc.anything())), { numRuns: 8, seed: 20261122 });
    bodies.push([], 'text', 42, null, { name: '\u0000\uFFFF\uD800' }, { group_id: '1; drop table users' }, { quantity: 1e308 });
    const failures: string[] = [];
    for (const r of apiRoutes()) {
      for (const id of junkParams) {
        if (!r.url.includes(':') && id !== junkParams[0]) continue;
        const res = await call(admin, r.method, fillParams(r.url, () => id), r.hasBody ? {} : undefined);
        if (res.statusCode >= 500) failures.push(`${routeKey(r)} param ${id.slice(0, 20)} → ${res.statusCode}`);
      }
      if (r.method === 'DELETE') continue;
      const url = fillParams(r.url, () => ids[0] ?? '1');
      if (r.hasQuery || r.method === 'GET') {
        for (const q of junkQueries) {
          const res = await call(admin, r.method, `${url}?${q}`, r.hasBody ? {} : undefined);
          if (res.statusCode >= 500) failures.push(`${routeKey(r)} ?${q.slice(0, 30)} → ${res.statusCode}`);
        }
      }
      if (r.hasBody) {
        for (const body of bodies) {
          const res = await admin.request({ method: r.method, url, payload: JSON.stringify(body) ?? 'null', headers: { 'content-type': 'application/json' } });
          if (res.statusCode >= 500) failures.push(`${routeKey(r)} body ${JSON.stringify(body)?.slice(0, 60)} → ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
