import { describe, expect, it } from 'vitest';
import { catalogueMessages } from '@syrx/contracts/catalogues';
import { componentMessages } from '@syrx/contracts/components';
import { auditEntries } from '../../test/operations-helpers.ts';
import { adminServerForFile, expectStatus, fieldsOf, memberWith, put } from '../../test/project-helpers.ts';

type Row = { id: number } & Record<string, unknown>;
interface Case {
  what: string;
  path: string;
  permission: string;
  /** The audit log's target type. */
  kind: string;
  key: string;
  /** A new row's body, what it is stored as, and a changed body. */
  body: Record<string, unknown>;
  stored: Record<string, unknown>;
  changed: Record<string, unknown>;
  /** Bodies refused with 400, each with the field and message the answer names. */
  bad: [Record<string, unknown>, string, string][];
  /** The taken-key message for the body's key in another letter case. */
  taken: string;
}

const station = { code: 'kzzz', name: 'Test Field', latitude: 42.1, longitude: -71.2, timezone: 'US/Eastern' };
const company = { name: 'Eversource', service_type: 'both', website: 'https://www.eversource.com', phone: ' 800-592-2000 ' };
const point = { point_code: 'TST-1', description: 'Test Point', point_type: 'AI' };
const cases: Case[] = [
  {
    what: 'weather stations', path: '/api/v2/weather-stations', permission: 'weatherstations_manage', kind: 'weather_station', key: 'code', body: station,
    stored: { code: 'KZZZ', timezone: 'America/New_York', accounts: 0 }, changed: { ...station, code: 'KZZY', name: 'Test Field North', timezone: 'America/Chicago' },
    bad: [
      [{ ...station, latitude: 91 }, 'latitude', catalogueMessages.latitude], [{ ...station, longitude: '-71' }, 'longitude', catalogueMessages.longitude],
      [{ ...station, code: 'K!' }, 'code', catalogueMessages.stationCode], [{ ...station, timezone: 'Mars/Olympus' }, 'timezone', catalogueMessages.timezoneUnknown],
    ],
    taken: catalogueMessages.taken('A weather station', 'KZZZ'),
  },
  {
    what: 'utility companies', path: '/api/v2/utility-companies', permission: 'utility_companies_manage', kind: 'utility_company', key: 'name', body: company,
    stored: { phone: '800-592-2000' }, changed: { name: 'National Grid', service_type: 'electric', website: '', phone: null },
    bad: [
      [{ ...company, name: '  ' }, 'name', catalogueMessages.name], [{ ...company, service_type: 'steam' }, 'service_type', catalogueMessages.serviceType],
      [{ ...company, website: 'eversource' }, 'website', catalogueMessages.website],
    ],
    taken: catalogueMessages.taken('A utility company', 'EVERSOURCE'),
  },
  {
    what: 'contact categories', path: '/api/v2/contact-categories', permission: 'contact_categories_manage', kind: 'contact_category', key: 'name', body: { name: ' Architect ' },
    stored: { name: 'Architect', contacts: 0 }, changed: { name: 'Lead architect' },
    bad: [[{ name: '' }, 'name', catalogueMessages.name], [{ name: 'x'.repeat(101) }, 'name', catalogueMessages.length('a name', 100)]],
    taken: catalogueMessages.taken('A contact category', 'ARCHITECT'),
  },
  {
    what: 'generic points', path: '/api/v2/generic-points', permission: 'components_manage', kind: 'generic_point', key: 'point_code', body: point,
    stored: point, changed: { point_code: 'TST-2', description: 'Test Point Two', point_type: 'BO' },
    bad: [[{ ...point, point_type: 'XX' }, 'point_type', componentMessages.pointType], [{ ...point, point_code: ' ' }, 'point_code', componentMessages.pointCode]],
    taken: catalogueMessages.taken('A generic point', 'TST-1'),
  },
];

const eq = (i: number, field: string, value: string) =>
  `filters[${i}][field]=${field}&filters[${i}][field_type]=string&filters[${i}][operator]=eq&filters[${i}][value]=${encodeURIComponent(value)}`;
const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);
const file = adminServerForFile();

describe.each(cases)('Admin catalogue: $what', (c) => {
  it('creates, reads, lists, updates and deletes a row, each write audited', async () => {
    const { admin } = file;
    const created = expectStatus(await admin.post(c.path, c.body), 201).json<Row>();
    expect(created).toMatchObject(c.stored);
    expect(expectStatus(await admin.get(`${c.path}/${created.id}`), 200).json()).toEqual(created);
    const listed = expectStatus(await admin.get(`${c.path}?pageSize=200&sort=id:desc`), 200).json<{ items: Row[]; total: number }>();
    expect(listed.items[0]).toEqual(created);

    const updated = expectStatus(await put(admin, `${c.path}/${created.id}`, c.changed), 200).json<Row>();
    expect(updated[c.key]).toBe(c.changed[c.key]);
    expectStatus(await admin.delete(`${c.path}/${created.id}`), 204);
    for (const res of [await admin.get(`${c.path}/${created.id}`), await put(admin, `${c.path}/${created.id}`, c.changed), await admin.delete(`${c.path}/${created.id}`)]) {
      expectStatus(res, 404);
    }
    const audited = (await auditEntries(admin, `${eq(0, 'target_type', c.kind)}&${eq(1, 'target_id', String(created.id))}`));
    expect(audited.map((e) => [e.action, e.details[c.key], e.username])).toEqual([
      ['catalogue.delete', c.changed[c.key], 'admin'], ['catalogue.update', c.changed[c.key], 'admin'], ['catalogue.create', created[c.key], 'admin'],
    ]);
  });

  it('answers 400 naming the field for bad input, and 409 naming the key for a key in use in any letter case', async () => {
    const { admin } = file;
    for (const [body, field, message] of c.bad) expect(fieldsOf(await admin.post(c.path, body))).toEqual({ [field]: message });
    const first = expectStatus(await admin.post(c.path, c.body), 201).json<Row>();
    const again = { ...c.body, [c.key]: upper(c.body[c.key]) };
    expect(expectStatus(await admin.post(c.path, again), 409).json()).toMatchObject({ code: 'conflict', fields: [{ field: c.key, message: c.taken }] });
    const second = expectStatus(await admin.post(c.path, c.changed), 201).json<Row>();
    expectStatus(await put(admin, `${c.path}/${second.id}`, again), 409);
    expectStatus(await put(admin, `${c.path}/${first.id}`, again), 200);
    for (const id of ['abc', '0', '99999999999']) expectStatus(await admin.get(`${c.path}/${id}`), 400);
    for (const row of [first, second]) expectStatus(await admin.delete(`${c.path}/${row.id}`), 204);
  });

  it('refuses a user without the permission with 403 and changes nothing', async () => {
    const { admin, t } = file;
    const others = ['weatherstations_manage', 'utility_companies_manage', 'contact_categories_manage', 'components_manage', 'contacts_manage'].filter((p) => p !== c.permission);
    const { client } = await memberWith(t, `no-${c.permission}@example.com`, others);
    const existing = expectStatus(await admin.get(`${c.path}?pageSize=1`), 200).json<{ items: Row[]; total: number }>();
    const id = existing.items[0]?.id ?? 1;
    for (const res of [
      await client.get(c.path), await client.post(c.path, c.body), await client.get(`${c.path}/${id}`),
      await put(client, `${c.path}/${id}`, c.changed), await client.delete(`${c.path}/${id}`),
    ]) expectStatus(res, 403);
    expect(expectStatus(await admin.get(c.path), 200).json<{ total: number }>().total).toBe(existing.total);
  });
});
