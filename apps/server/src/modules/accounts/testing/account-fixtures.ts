import { sql } from 'drizzle-orm';
import type { Account, AccountCreate, WeatherStation } from '@syrx/contracts/accounts';
import { expectStatus, send } from '../../../test/bacnet-helpers.ts';
import { grant } from '../../../test/operations-helpers.ts';
import { registerAndSignIn } from '../../../test/registration-helpers.ts';
import type { TestApp, TestClient } from '../../../test/test-app.ts';

export const v2 = '/api/v2';
export { expectStatus, send };

/** The catalogue's stations by ICAO code, as a client reads them. */
export async function stationsByCode(c: TestClient): Promise<Map<string, WeatherStation>> {
  const list = expectStatus(await c.get(`${v2}/weatherstations`), 200).json<WeatherStation[]>();
  return new Map(list.map((s) => [s.code, s]));
}

export async function stationId(c: TestClient, code: string): Promise<number> {
  const s = (await stationsByCode(c)).get(code);
  if (!s) throw new Error(`no weather station ${code}`);
  return s.id;
}

/** The administrator's current group (the root group). */
export async function currentGroupId(c: TestClient): Promise<number> {
  return expectStatus(await c.get('/api/Login'), 200).json<{ commissioning_group: { id: number } }>().commissioning_group.id;
}

/** A create body for the group: electric, at Boston Logan, 12,500 sqft at $0.14/kWh unless overridden. */
export async function newAccount(c: TestClient, groupId: number, over: Partial<AccountCreate> = {}): Promise<AccountCreate> {
  return {
    name: 'Main building', num: '4410-22', type: 'electric', weatherstation_id: await stationId(c, 'KBOS'), timezone: 'America/New_York',
    group_id: groupId, buildingSquareFootage: 12_500, utilityCostPerUnit: 0.14, ...over,
  };
}

export async function createAccount(c: TestClient, groupId: number, over: Partial<AccountCreate> = {}): Promise<Account> {
  return expectStatus(await c.post(`${v2}/accounts`, await newAccount(c, groupId, over)), 201).json<Account>();
}

/**
 * A self-registered user of their own organization (which they see), holding only `permissions`: none takes away
 * the organization administrator's accounts_manage.
 */
export async function memberWith(t: TestApp, email: string, permissions: string[]): Promise<{ client: TestClient; groupId: number }> {
  const client = t.client();
  const { user } = await registerAndSignIn(client, t.db, { email, group_name: `${email.split('@')[0] ?? 'member'} facilities` });
  await t.db.execute(sql`delete from user_roles where user_id = ${user.id}`);
  if (permissions.length > 0) await grant(t.db, email, `only ${permissions.join(' ')} for ${email}`, permissions);
  return { client, groupId: user.commissioning_group.id };
}
