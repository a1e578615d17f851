import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { expectStatus } from '../test/bacnet-helpers.ts';
import { signedInAdmin } from '../test/admin-helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { invitedAndSignedIn, subgroup } from '../modules/users/testing/users-fixtures.ts';

let t: TestApp;
afterEach(async () => t?.close());

const probe = '/api/v2/groups/getChildrenOf';
const cacheOn = { ACTOR_CACHE_SECONDS: '60' };

describe('the actor cache (PostgreSQL; the embedded database looks the user up on every request)', () => {
  it('answers from memory while nothing the actor is made of changed, and forgets it when any writer changes it', async () => {
    t = await createTestApp(cacheOn);
    const admin = await signedInAdmin(t);
    expectStatus(await admin.get(probe), 200);

    // A change that notifies nobody (triggers off for this one statement): a cached actor does not see it.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update sessions set access_expires_at = now() - interval '1 minute'`);
    });
    expectStatus(await admin.get(probe), inject('embedded') ? 401 : 200);

    // The same change as every writer makes it (another instance, a job, a script): its notice empties the cache.
    await t.db.execute(sql`update sessions set access_expires_at = access_expires_at`);
    await expect.poll(async () => (await admin.get(probe)).statusCode, { timeout: 2000, interval: 20 }).toBe(401);
  });

  it("empties at this instance's own writing requests before their answers go out, notice or not", async () => {
    t = await createTestApp(cacheOn);
    const admin = await signedInAdmin(t);
    expectStatus(await admin.get(probe), 200);
    // A change that notifies nobody: only this instance's own writing request can make the cache forget it.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update sessions set access_expires_at = now() - interval '1 minute'`);
    });
    expectStatus(await admin.get(probe), inject('embedded') ? 401 : 200);
    // A POST that writes nothing (refused as invalid) still empties the cache before it answers.
    expectStatus(await admin.post('/api/v2/roles', {}), inject('embedded') ? 401 : 400);
    expectStatus(await admin.get(probe), 401);
  });

  it("applies an administrator's change to another user's very next request", async () => {
    t = await createTestApp(cacheOn);
    const admin = await signedInAdmin(t);
    const east = await subgroup(t.db, 'East');
    const { client: lee, user } = await invitedAndSignedIn(t, admin, { email: 'lee@example.com', group_ids: [east] });
    expectStatus(await lee.get(probe), 200);
    expectStatus(await lee.get(probe), 200);
    expectStatus(await admin.post(`/api/v2/users/${user.id}/deactivate`), 200);
    expectStatus(await lee.get(probe), 401);
  });
});
