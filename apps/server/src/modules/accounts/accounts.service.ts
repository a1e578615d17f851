import { AppError, type FieldError } from '@syrx/contracts/errors';
import {
  type Account, type accountCreateSchema, accountMessages, type accountUpdateSchema, type Normalization, type sizeNormalizationCreateSchema,
  type WeatherStation,
} from '@syrx/contracts/accounts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { groupScopedReads, groupScopeGuard } from '../../security/group-scope.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import type { Actor } from '../../security/actor.ts';
import { type AccountValues, accountsRepo as repo, type NormalizationKind } from './accounts.repo.ts';
import { canonicalTimeZone, timeZoneNames } from './time-zones.ts';

export type AccountCreateInput = z.output<typeof accountCreateSchema>;
export type AccountUpdateInput = z.output<typeof accountUpdateSchema>;
export type NormalizationInput = z.output<typeof sizeNormalizationCreateSchema>;

/** docs/permissions.md, "Building meter accounts": either permission changes accounts. */
export const accountManagePermissions = ['accounts_manage', 'groups_manage'] as const;

/** PostgreSQL's foreign_key_violation (23503), possibly wrapped by Drizzle as the error's cause. */
function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/**
 * Building meter accounts of groups (spec 02 sections 3, 5, 7): reading needs the account's group visible; changes need
 * accounts_manage or groups_manage as well. An account of a group the user cannot see answers 404, as an unknown one.
 */
export function createAccountsService(db: Db, groups: GroupsService) {
  const scope = groupScopeGuard(groups, {
    what: 'The account',
    groupOf: (id) => repo.groupOf(db, id),
    mayChange: (actor) => accountManagePermissions.some((p) => actor.permissions.has(p)),
    needsChange: 'Changing building meter accounts needs the permission accounts_manage or groups_manage.',
  });
  const accounts = groupScopedReads(scope, 'The account', { find: (id) => repo.find(db, id), listOfGroup: (g) => repo.listOfGroup(db, g), delete: (id) => repo.delete(db, id) });

  /** The stored values; a 400 naming every field whose weather station or time zone does not exist. */
  async function valuesOf(input: AccountUpdateInput): Promise<AccountValues> {
    const fields: FieldError[] = [];
    if (!(await repo.stationExists(db, input.weatherstation_id))) fields.push({ field: 'weatherstation_id', message: accountMessages.weatherStationUnknown });
    const timezone = canonicalTimeZone(input.timezone);
    if (timezone === null) fields.push({ field: 'timezone', message: accountMessages.timezoneUnknown });
    if (fields.length > 0 || timezone === null) throw AppError.badRequest('The request has invalid or missing fields.', fields);
    return { name: input.name, num: input.num, type: input.type, weatherstationId: input.weatherstation_id, timezone };
  }

  async function addEntry(actor: Actor, kind: NormalizationKind, input: NormalizationInput): Promise<Normalization> {
    await scope.changeItem(actor, input.account_id);
    try {
      return await repo.insertEntry(db, kind, { accountId: input.account_id, effectiveDate: input.effective_date, value: input.value, note: input.note });
    } catch (err) {
      // The account was deleted meanwhile.
      if (isForeignKeyViolation(err)) throw AppError.notFound('The account');
      throw err;
    }
  }

  return {
    listForGroup: accounts.listForGroup,
    get: accounts.get,

    async create(actor: Actor, input: AccountCreateInput): Promise<Account> {
      await scope.changeInGroup(actor, input.group_id);
      const values = await valuesOf(input);
      const initial = { initialSizeNormalization: input.buildingSquareFootage, initialPriceNormalization: input.utilityCostPerUnit };
      return accounts.one(await repo.insert(db, input.group_id, { ...values, ...initial }));
    },

    async update(actor: Actor, id: number, input: AccountUpdateInput): Promise<Account> {
      await scope.changeItem(actor, id);
      if (!(await repo.update(db, id, await valuesOf(input)))) throw AppError.notFound('The account');
      return accounts.one(id);
    },

    remove: accounts.remove,

    addSize: (actor: Actor, input: NormalizationInput) => addEntry(actor, 'size', input),
    addPrice: (actor: Actor, input: NormalizationInput) => addEntry(actor, 'price', input),

    weatherStations: (): Promise<WeatherStation[]> => repo.stations(db),
    timeZones: (): readonly string[] => timeZoneNames(),
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
