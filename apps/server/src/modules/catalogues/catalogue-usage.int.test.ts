import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type ContactCategory, type ContactCategoryChoice, type UtilityCompany, type WeatherStationRow, catalogueMessages } from '@syrx/contracts/catalogues';
import { type Contact, contactMessages } from '@syrx/contracts/contacts';
import { adminServerForFile, createContact, expectStatus, fieldsOf, memberWith, put } from '../../test/project-helpers.ts';
import { seedCatalogues, startingContactCategories } from './catalogues.service.ts';

const v2 = '/api/v2';
type Page<T> = { items: T[]; total: number };
const file = adminServerForFile();

const page = async <T>(url: string) => expectStatus(await file.admin.get(url), 200).json<Page<T>>();
const filter = (field: string, type: string, op: string, value: string, i = 0) =>
  `filter[${i}][field]=${field}&filter[${i}][field_type]=${type}&filter[${i}][operator]=${op}&filter[${i}][value]=${encodeURIComponent(value)}`;

describe('catalogue rows in use', () => {
  it('refuses with 409 to delete a weather station an account uses, and deletes it once none does', async () => {
    const { admin, rootId } = file;
    const station = expectStatus(await admin.post(`${v2}/weather-stations`, { code: 'KQQQ', name: 'Quarry Field', latitude: 40, longitude: -75, timezone: 'America/New_York' }), 201).json<WeatherStationRow>();
    const account = expectStatus(await admin.post(`${v2}/accounts`, {
      name: 'Quarry plant', type: 'gas', weatherstation_id: station.id, timezone: 'America/New_York', group_id: rootId, buildingSquareFootage: 9000, utilityCostPerUnit: 1.2,
    }), 201).json<{ id: number }>();
    expect((await page<WeatherStationRow>(`${v2}/weather-stations?${filter('code', 'string', 'eq', 'kqqq')}`)).items).toEqual([{ ...station, accounts: 1 }]);
    const refused = expectStatus(await admin.delete(`${v2}/weather-stations/${station.id}`), 409).json<{ message: string }>();
    expect(refused.message).toBe(catalogueMessages.inUse('The weather station', 'KQQQ', 1, ['account', 'accounts']));
    expect(refused.message).toBe('The weather station "KQQQ" cannot be deleted: 1 account uses it.');
    expectStatus(await admin.delete(`${v2}/accounts/${account.id}`), 204);
    expectStatus(await admin.delete(`${v2}/weather-stations/${station.id}`), 204);
  });

  it('lets a contact pick an optional category, shows it, and refuses to delete a category contacts use', async () => {
    const { admin, rootId } = file;
    const category = expectStatus(await admin.post(`${v2}/contact-categories`, { name: 'Energy auditor' }), 201).json<ContactCategory>();
    const contact = await createContact(admin, rootId, { first_name: 'Iris', category_id: category.id });
    expect(contact).toMatchObject({ category_id: category.id, category_name: 'Energy auditor' });
    const two = await createContact(admin, rootId, { first_name: 'Omar' });
    expect(two).toMatchObject({ category_id: null, category_name: null });
    const listed = expectStatus(await admin.get(`${v2}/groups/${rootId}/contacts`), 200).json<Contact[]>();
    expect(listed.find((c) => c.id === contact.id)?.category_name).toBe('Energy auditor');

    // A PUT without category_id keeps it; null clears it; an unknown one is a 400 naming the field.
    expect(expectStatus(await put(admin, `${v2}/contacts/${contact.id}`, { first_name: 'Iris', last_name: 'Delgado' }), 200).json<Contact>().category_id).toBe(category.id);
    expect(fieldsOf(await put(admin, `${v2}/contacts/${two.id}`, { first_name: 'Omar', last_name: 'Delgado', category_id: 999_999 }))).toEqual({ category_id: contactMessages.categoryUnknown });
    expect(fieldsOf(await admin.post(`${v2}/contacts`, { first_name: 'X', last_name: 'Y', group_id: rootId, category_id: 'owner' }))).toEqual({ category_id: contactMessages.category });
    expectStatus(await put(admin, `${v2}/contacts/${two.id}`, { first_name: 'Omar', last_name: 'Delgado', category_id: category.id }), 200);

    expect(expectStatus(await admin.get(`${v2}/contact-categories/${category.id}`), 200).json<ContactCategory>().contacts).toBe(2);
    const refused = expectStatus(await admin.delete(`${v2}/contact-categories/${category.id}`), 409).json<{ message: string }>();
    expect(refused.message).toBe('The contact category "Energy auditor" cannot be deleted: 2 contacts use it.');
    expect(expectStatus(await put(admin, `${v2}/contacts/${contact.id}`, { first_name: 'Iris', last_name: 'Delgado', category_id: null }), 200).json<Contact>().category_name).toBeNull();
    expectStatus(await admin.delete(`${v2}/contacts/${two.id}`), 204);
    expectStatus(await admin.delete(`${v2}/contact-categories/${category.id}`), 204);
  });

  it('lists the category choices by name for any signed-in user, who may not change them', async () => {
    const { t } = file;
    const { client } = await memberWith(t, 'choices@example.com', ['contacts_manage']);
    const choices = expectStatus(await client.get(`${v2}/contact-categories/choices`), 200).json<ContactCategoryChoice[]>();
    expect(choices.map((c) => c.name)).toEqual([...choices.map((c) => c.name)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(choices.map((c) => c.name)).toEqual(expect.arrayContaining([...startingContactCategories]));
    expectStatus(await client.post(`${v2}/contact-categories`, { name: 'Mine' }), 403);
    expectStatus(await t.client().get(`${v2}/contact-categories/choices`), 401);
  });
});

describe('catalogue grids and starting sets', () => {
  it('pages, sorts and filters a grid; an unknown sort or filter field is a 400 naming it', async () => {
    const { admin } = file;
    for (const [name, service_type] of [['Alpha Power', 'electric'], ['Beta Gas', 'gas'], ['Gamma Utilities', 'both']]) {
      expectStatus(await admin.post(`${v2}/utility-companies`, { name, service_type }), 201);
    }
    const names = (p: Page<UtilityCompany>) => p.items.map((c) => c.name);
    expect(names(await page(`${v2}/utility-companies?sort=name:desc&pageSize=2`))).toEqual(['Gamma Utilities', 'Beta Gas']);
    expect(names(await page(`${v2}/utility-companies?sort=name:desc&pageSize=2&pageNum=2`))).toEqual(['Alpha Power']);
    const gas = await page<UtilityCompany>(`${v2}/utility-companies?${filter('service_type', 'string', 'eq', 'gas')}`);
    expect([names(gas), gas.total]).toEqual([['Beta Gas'], 1]);
    expect(names(await page(`${v2}/utility-companies?${filter('name', 'string', 'contains', 'a p')}`))).toEqual(['Alpha Power']);
    expect(fieldsOf(await admin.get(`${v2}/utility-companies?sort=secret:asc`))).toHaveProperty('sort');
    expect(fieldsOf(await admin.get(`${v2}/utility-companies?${filter('secret', 'string', 'eq', 'x')}`))).toHaveProperty(['filter.0.field']);
    expect(fieldsOf(await admin.get(`${v2}/contact-categories?${filter('contacts', 'number', 'gt', 'many')}`))).toHaveProperty(['filter.0.value']);
  });

  it('starts with the contact categories and a generic point per code of the component catalogue, never restoring a deleted one', async () => {
    const { admin, t } = file;
    const categories = await page<ContactCategory>(`${v2}/contact-categories?${filter('name', 'string', 'eq', 'owner')}`);
    expect(categories.items.map((c) => c.name)).toEqual(['Owner']);
    const sat = await page<{ description: string; point_type: string }>(`${v2}/generic-points?${filter('point_code', 'string', 'eq', 'SAT')}`);
    expect(sat.items).toMatchObject([{ description: 'Supply Air Temperature', point_type: 'AI' }]);
    expect((await page(`${v2}/generic-points?pageSize=1`)).total).toBeGreaterThan(150);

    expectStatus(await admin.delete(`${v2}/contact-categories/${categories.items[0]?.id}`), 204);
    await seedCatalogues(t.db);
    expect((await page(`${v2}/contact-categories?${filter('name', 'string', 'eq', 'owner')}`)).total).toBe(0);
    await t.db.execute(sql`delete from contact_categories where not exists (select 1 from contacts where category_id = contact_categories.id)`);
    await seedCatalogues(t.db);
    expect((await page(`${v2}/contact-categories?${filter('name', 'string', 'eq', 'owner')}`)).total).toBe(1);
  });
});
