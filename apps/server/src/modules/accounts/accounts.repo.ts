import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Account, AccountType, Normalization, WeatherStation } from '@syrx/contracts/accounts';
import type { DbOrTx } from '../../db/client.ts';
import { groupRecordRows } from '../../db/group-records.ts';
import { accountPriceNormalizations, accountSizeNormalizations, accounts as a, weatherStations as ws } from '../../db/schema/index.ts';
import type { CatalogueStation } from './weather-station-catalogue.ts';

export interface AccountValues {
  name: string;
  num: string | null;
  type: AccountType;
  weatherstationId: number;
  timezone: string;
}

export type NormalizationKind = 'size' | 'price';
const historyTable = { size: accountSizeNormalizations, price: accountPriceNormalizations } as const;

const stationColumns = { id: ws.id, code: ws.code, name: ws.name, latitude: ws.latitude, longitude: ws.longitude, timezone: ws.timezone };
const accountColumns = {
  id: a.id, name: a.name, num: a.num, type: a.type, weatherstation_id: a.weatherstationId, timezone: a.timezone, group_id: a.groupId,
  initial_size_normalization: a.initialSizeNormalization, initial_price_normalization: a.initialPriceNormalization,
};
const entryColumns = (t: (typeof historyTable)[NormalizationKind]) => ({ id: t.id, account_id: t.accountId, effective_date: t.effectiveDate, value: t.value, note: t.note });

/** Histories of these accounts, each sorted by effective date (then in the order entered). */
async function histories(db: DbOrTx, kind: NormalizationKind, ids: number[]): Promise<Map<number, Normalization[]>> {
  const t = historyTable[kind];
  const rows = ids.length === 0 ? [] : await db.select(entryColumns(t)).from(t).where(inArray(t.accountId, ids)).orderBy(asc(t.effectiveDate), asc(t.id));
  const by = new Map<number, Normalization[]>();
  for (const row of rows) by.set(row.account_id, [...(by.get(row.account_id) ?? []), row]);
  return by;
}

/** Accounts with their weather station and both histories. */
async function assemble(db: DbOrTx, rows: (Omit<Account, 'weatherstation' | 'account_size_normalizations' | 'account_price_normalizations'> & { weatherstation: WeatherStation })[]): Promise<Account[]> {
  const ids = rows.map((r) => r.id);
  const [sizes, prices] = [await histories(db, 'size', ids), await histories(db, 'price', ids)];
  return rows.map((r) => ({ ...r, account_size_normalizations: sizes.get(r.id) ?? [], account_price_normalizations: prices.get(r.id) ?? [] }));
}

const selectAccounts = (db: DbOrTx) => db.select({ ...accountColumns, weatherstation: stationColumns }).from(a).innerJoin(ws, eq(ws.id, a.weatherstationId));

/** Building meter accounts, their histories and the weather station catalogue. */
export const accountsRepo = {
  ...groupRecordRows(a),

  async listOfGroup(db: DbOrTx, groupId: number): Promise<Account[]> {
    return assemble(db, await selectAccounts(db).where(eq(a.groupId, groupId)).orderBy(asc(sql`lower(${a.name})`), asc(a.id)));
  },

  async find(db: DbOrTx, id: number): Promise<Account | null> {
    const [found] = await assemble(db, await selectAccounts(db).where(eq(a.id, id)));
    return found ?? null;
  },

  async update(db: DbOrTx, id: number, v: AccountValues): Promise<boolean> {
    return (await db.update(a).set(v).where(eq(a.id, id)).returning({ id: a.id })).length > 0;
  },

  async insertEntry(db: DbOrTx, kind: NormalizationKind, v: { accountId: number; effectiveDate: string; value: number; note: string | null }): Promise<Normalization> {
    const t = historyTable[kind];
    const [row] = await db.insert(t).values(v).returning(entryColumns(t));
    if (!row) throw new Error('history entry not created');
    return row;
  },

  stations(db: DbOrTx): Promise<WeatherStation[]> {
    // By name in code-point order, the same on every database collation.
    return db.select(stationColumns).from(ws).orderBy(asc(sql`${ws.name} collate "C"`), asc(ws.code));
  },

  async stationExists(db: DbOrTx, id: number): Promise<boolean> {
    return (await db.select({ id: ws.id }).from(ws).where(eq(ws.id, id))).length > 0;
  },

  /** Adds the stations missing by code and brings the stored ones up to date. */
  async upsertStations(db: DbOrTx, stations: readonly CatalogueStation[]): Promise<void> {
    if (stations.length === 0) return;
    await db.insert(ws).values([...stations]).onConflictDoUpdate({
      target: ws.code,
      set: { name: sql`excluded.name`, latitude: sql`excluded.latitude`, longitude: sql`excluded.longitude`, timezone: sql`excluded.timezone` },
    });
  },
};
