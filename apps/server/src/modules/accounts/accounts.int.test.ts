import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Account, Normalization, WeatherStation } from '@syrx/contracts/accounts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createAccount, currentGroupId, expectStatus, newAccount, send, stationId, stationsByCode, v2 } from './testing/account-fixtures.ts';
import { seedWeatherStations } from './weather-stations.service.ts';

let t: TestApp;
afterEach(async () => t?.close());

async function signedInAdmin() {
  t = await createTestApp();
  const admin = t.client();
  await admin.signIn();
  return { admin, groupId: await currentGroupId(admin) };
}

describe('weather stations and time zones', () => {
  it('lists the seeded catalogue of real stations by name, and the IANA time zones', async () => {
    const { admin } = await signedInAdmin();
    const list = expectStatus(await admin.get(`${v2}/weatherstations`), 200).json<WeatherStation[]>();
    expect(list.length).toBeGreaterThanOrEqual(40);
    expect(list.map((s) => s.name)).toEqual([...list.map((s) => s.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byCode = await stationsByCode(admin);
    expect(byCode.get('KBOS')).toMatchObject({ name: 'Boston, MA – Logan International', timezone: 'America/New_York' });
    expect(byCode.get('KBOS')?.latitude).toBeCloseTo(42.36, 1);
    expect(byCode.get('KBOS')?.longitude).toBeCloseTo(-71.01, 1);
    expect(byCode.get('CYUL')).toMatchObject({ timezone: 'America/Toronto' });
    expect(byCode.get('KPHX')).toMatchObject({ timezone: 'America/Phoenix' });

    const zones = expectStatus(await admin.get(`${v2}/timezones`), 200).json<string[]>();
    expect(zones).toEqual(expect.arrayContaining(['America/New_York', 'America/Toronto', 'Europe/Berlin', 'UTC']));
    // Every station's zone is one the time zone list offers.
    for (const s of list) expect(zones).toContain(s.timezone);
  });

  it('seeds once per release: a restart keeps an administrator\'s change, a release with a changed catalogue repairs it', async () => {
    const { admin } = await signedInAdmin();
    const before = expectStatus(await admin.get(`${v2}/weatherstations`), 200).json<WeatherStation[]>();
    await t.db.execute(sql`update weather_stations set name = 'Renamed', latitude = 0 where code = 'KORD'`);
    await seedWeatherStations(t.db);
    const kept = expectStatus(await admin.get(`${v2}/weatherstations`), 200).json<WeatherStation[]>();
    expect(kept.find((s) => s.code === 'KORD')?.name).toBe('Renamed');
    expect(kept).toHaveLength(before.length);
    // A release whose catalogue differs from the one last seeded seeds it again.
    await t.db.execute(sql`update catalogue_seeds set digest = 'an older release' where name = 'weather_stations'`);
    await seedWeatherStations(t.db);
    expect(expectStatus(await admin.get(`${v2}/weatherstations`), 200).json<WeatherStation[]>()).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    t = await createTestApp();
    const anonymous = t.client();
    for (const url of [`${v2}/weatherstations`, `${v2}/timezones`, `${v2}/accounts/1`, `${v2}/accounts/for-group/1`]) {
      expect((await anonymous.get(url)).statusCode).toBe(401);
    }
  });
});

describe('building meter accounts', () => {
  it('creates an account with its starting size and price, lists, reads, edits and deletes it', async () => {
    const { admin, groupId } = await signedInAdmin();
    const kbos = await stationId(admin, 'KBOS');
    const created = await createAccount(admin, groupId, { name: '  Main building ', num: ' 4410-22 ' });
    expect(created).toMatchObject({
      name: 'Main building', num: '4410-22', type: 'electric', weatherstation_id: kbos, timezone: 'America/New_York', group_id: groupId,
      weatherstation: { code: 'KBOS' }, initial_size_normalization: 12_500, initial_price_normalization: 0.14,
      account_size_normalizations: [], account_price_normalizations: [],
    });
    const gas = await createAccount(admin, groupId, { name: 'boiler plant', num: '', type: 'gas', timezone: 'US/Eastern', utilityCostPerUnit: 0 });
    // An empty account number is none; an alias of a zone is stored as the listed name.
    expect(gas).toMatchObject({ num: null, type: 'gas', timezone: 'America/New_York', initial_price_normalization: 0 });

    const listed = expectStatus(await admin.get(`${v2}/accounts/for-group/${groupId}`), 200).json<Account[]>();
    expect(listed.map((a) => a.name)).toEqual(['boiler plant', 'Main building']);
    expect(expectStatus(await admin.get(`${v2}/accounts/${created.id}`), 200).json<Account>()).toEqual(created);

    const yvr = await stationId(admin, 'CYVR');
    const edited = expectStatus(await send(admin, 'PUT', `${v2}/accounts/${created.id}`, {
      name: 'Main building (north)', num: null, type: 'gas', weatherstation_id: yvr, timezone: 'America/Vancouver',
      // Fields the edit form does not change are ignored, not stored.
      group_id: 999, initial_size_normalization: 1,
    }), 200).json<Account>();
    expect(edited).toMatchObject({ id: created.id, name: 'Main building (north)', num: null, type: 'gas', weatherstation: { code: 'CYVR' }, timezone: 'America/Vancouver', group_id: groupId, initial_size_normalization: 12_500 });

    expectStatus(await admin.delete(`${v2}/accounts/${created.id}`), 204);
    expectStatus(await admin.get(`${v2}/accounts/${created.id}`), 404);
    expectStatus(await admin.delete(`${v2}/accounts/${created.id}`), 404);
    expectStatus(await send(admin, 'PUT', `${v2}/accounts/${created.id}`, { name: 'x', type: 'gas', weatherstation_id: yvr, timezone: 'UTC' }), 404);
    expect(expectStatus(await admin.get(`${v2}/accounts/for-group/${groupId}`), 200).json<Account[]>().map((a) => a.id)).toEqual([gas.id]);
  });

  it('keeps size and price history sorted by effective date, and deletes it with the account', async () => {
    const { admin, groupId } = await signedInAdmin();
    const account = await createAccount(admin, groupId);
    const size = (effective_date: string, value: number, note?: string | null) =>
      admin.post(`${v2}/account-size-normalizations`, { account_id: account.id, effective_date, value, ...(note === undefined ? {} : { note }) });
    const later = expectStatus(await size('2025-06-01', 14_000, ' East wing added '), 201).json<Normalization>();
    expect(later).toMatchObject({ account_id: account.id, effective_date: '2025-06-01', value: 14_000, note: 'East wing added' });
    expectStatus(await size('2024-01-15', 12_800, ''), 201);
    expectStatus(await admin.post(`${v2}/account-price-normalizations`, { account_id: account.id, effective_date: '2025-01-01', value: 0.16, note: null }), 201);
    expectStatus(await admin.post(`${v2}/account-price-normalizations`, { account_id: account.id, effective_date: '2023-12-31', value: 0 }), 201);

    const read = expectStatus(await admin.get(`${v2}/accounts/${account.id}`), 200).json<Account>();
    expect(read.account_size_normalizations.map((e) => [e.effective_date, e.value, e.note])).toEqual([['2024-01-15', 12_800, null], ['2025-06-01', 14_000, 'East wing added']]);
    expect(read.account_price_normalizations.map((e) => [e.effective_date, e.value])).toEqual([['2023-12-31', 0], ['2025-01-01', 0.16]]);
    const [listed] = expectStatus(await admin.get(`${v2}/accounts/for-group/${groupId}`), 200).json<Account[]>();
    expect(listed).toEqual(read);

    expectStatus(await admin.delete(`${v2}/accounts/${account.id}`), 204);
    const left = await t.db.execute<{ n: number }>(sql`select (select count(*) from account_size_normalizations)::int + (select count(*) from account_price_normalizations)::int as n`);
    expect(left.rows[0]?.n).toBe(0);
    expectStatus(await size('2025-07-01', 1), 404);
  });
});

describe('validation', () => {
  const fieldsOf = (body: string) => (JSON.parse(body) as { fields?: { field: string; message: string }[] }).fields ?? [];

  it('refuses a bad account with the field and reason', async () => {
    const { admin, groupId } = await signedInAdmin();
    const good = await newAccount(admin, groupId);
    const refused = async (over: Record<string, unknown>, field: string, message?: string) => {
      const res = expectStatus(await admin.post(`${v2}/accounts`, { ...good, ...over }), 400);
      const hit = fieldsOf(res.body).find((f) => f.field === field);
      expect(hit, `${JSON.stringify(over)} → ${res.body}`).toBeDefined();
      if (message) expect(hit?.message).toBe(message);
    };
    await refused({ name: '   ' }, 'name', 'Name is required');
    await refused({ name: undefined }, 'name', 'Name is required');
    await refused({ name: 'x'.repeat(201) }, 'name');
    await refused({ type: 'oil' }, 'type', 'Choose electric or gas');
    await refused({ weatherstation_id: 'KBOS' }, 'weatherstation_id', 'Choose a weather station');
    await refused({ weatherstation_id: 987_654 }, 'weatherstation_id', 'This weather station does not exist');
    await refused({ weatherstation_id: 99_999_999_999 }, 'weatherstation_id');
    await refused({ timezone: '' }, 'timezone', 'Choose a time zone');
    await refused({ timezone: 'Mars/Olympus_Mons' }, 'timezone', 'This is not an IANA time zone');
    await refused({ timezone: '+05:00' }, 'timezone');
    await refused({ buildingSquareFootage: 0 }, 'buildingSquareFootage', 'Enter a building square footage above 0');
    await refused({ buildingSquareFootage: '12000' }, 'buildingSquareFootage');
    await refused({ buildingSquareFootage: undefined }, 'buildingSquareFootage');
    await refused({ utilityCostPerUnit: -0.01 }, 'utilityCostPerUnit', 'Enter a utility cost per unit of 0 or more');
    await refused({ utilityCostPerUnit: null }, 'utilityCostPerUnit');
    // Both lookups wrong: both fields named at once.
    const both = expectStatus(await admin.post(`${v2}/accounts`, { ...good, weatherstation_id: 987_654, timezone: 'Nowhere' }), 400);
    expect(fieldsOf(both.body).map((f) => f.field).sort()).toEqual(['timezone', 'weatherstation_id']);
    // The 0.01 step is the form's; the server keeps any non-negative cost.
    expect(expectStatus(await admin.post(`${v2}/accounts`, { ...good, utilityCostPerUnit: 0.1234 }), 201).json<Account>().initial_price_normalization).toBe(0.1234);

    const account = await createAccount(admin, groupId);
    const put = expectStatus(await send(admin, 'PUT', `${v2}/accounts/${account.id}`, { name: 'x', type: 'steam', weatherstation_id: good.weatherstation_id, timezone: 'Atlantis' }), 400);
    expect(fieldsOf(put.body).map((f) => f.field)).toEqual(['type']);
    const putZone = expectStatus(await send(admin, 'PUT', `${v2}/accounts/${account.id}`, { name: 'x', type: 'gas', weatherstation_id: good.weatherstation_id, timezone: 'Atlantis' }), 400);
    expect(fieldsOf(putZone.body)).toEqual([{ field: 'timezone', message: 'This is not an IANA time zone' }]);
  });

  it('refuses bad history entries and bad ids with a 400, never a 5xx', async () => {
    const { admin, groupId } = await signedInAdmin();
    const account = await createAccount(admin, groupId);
    const entry = { account_id: account.id, effective_date: '2025-03-01', value: 1 };
    const refused = async (kind: 'size' | 'price', over: Record<string, unknown>, field: string) => {
      const res = expectStatus(await admin.post(`${v2}/account-${kind}-normalizations`, { ...entry, ...over }), 400);
      expect(fieldsOf(res.body).map((f) => f.field), res.body).toContain(field);
    };
    for (const kind of ['size', 'price'] as const) {
      for (const date of ['2025-02-30', '2025-13-01', '03/01/2025', '2025-3-1', '0000-01-01', '', null]) await refused(kind, { effective_date: date }, 'effective_date');
      await refused(kind, { effective_date: undefined }, 'effective_date');
      await refused(kind, { value: undefined }, 'value');
      await refused(kind, { value: 'cheap' }, 'value');
      await refused(kind, { value: -1 }, 'value');
      await refused(kind, { account_id: 'main' }, 'account_id');
      await refused(kind, { account_id: 3_000_000_000 }, 'account_id');
      await refused(kind, { note: 'n'.repeat(1001) }, 'note');
    }
    await refused('size', { value: 0 }, 'value');
    expectStatus(await admin.post(`${v2}/account-price-normalizations`, { ...entry, value: 0, effective_date: '2024-02-29' }), 201);
    expectStatus(await admin.post(`${v2}/account-size-normalizations`, { ...entry, account_id: 987_654 }), 404);

    for (const url of [`${v2}/accounts/abc`, `${v2}/accounts/0`, `${v2}/accounts/99999999999`, `${v2}/accounts/for-group/abc`, `${v2}/accounts/for-group/99999999999`]) {
      expectStatus(await admin.get(url), 400);
    }
    expectStatus(await admin.delete(`${v2}/accounts/-1`), 400);
    expectStatus(await admin.get(`${v2}/accounts/for-group/987654`), 404);
    const notJson = await admin.request({ method: 'POST', url: `${v2}/accounts`, payload: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
  });
});
