import type { Account, AccountCreate, AccountUpdate, Normalization, NormalizationCreate, WeatherStation } from '@syrx/contracts/accounts';
import type { SessionUser } from '@syrx/contracts/auth';
import { adaUser, type Handler, ok, type Reply, routeOf, withOverrides } from './fake-api';

const notFound: Reply = { status: 404, body: { code: 'not_found', message: 'The account was not found.' } };

export const accountsManager: SessionUser = { ...adaUser, permissions: ['accounts_manage'] };

export const stations: WeatherStation[] = [
  { id: 1, code: 'KBOS', name: 'Boston, MA – Logan International', latitude: 42.3631, longitude: -71.0064, timezone: 'America/New_York' },
  { id: 2, code: 'KORD', name: "Chicago, IL – O'Hare International", latitude: 41.9786, longitude: -87.9048, timezone: 'America/Chicago' },
];

export const account = (id: number, over: Partial<Account> = {}): Account => ({
  id, name: `Account ${id}`, num: `A-${id}`, type: 'electric', weatherstation_id: 1, timezone: 'America/New_York', group_id: 2,
  weatherstation: stations[0] as WeatherStation, initial_size_normalization: 12_500, initial_price_normalization: 0.14,
  account_size_normalizations: [], account_price_normalizations: [], ...over,
});

/**
 * Building meter accounts of group 2 (the fake session's current group) as apps/server keeps them, answering the
 * accounts calls of the newer base. `overrides` answer first, e.g. to refuse a call.
 */
export function fakeAccountsServer(overrides: Handler[] = []) {
  const state = { accounts: [] as Account[], nextId: 100 };
  const sorted = (list: Normalization[]) => [...list].sort((a, b) => (a.effective_date < b.effective_date ? -1 : a.effective_date > b.effective_date ? 1 : a.id - b.id));
  const handler = withOverrides(overrides, (call) => {
    const { route } = routeOf(call);
    if (route === 'GET /api/v2/weatherstations') return ok(stations);
    if (route === 'GET /api/v2/timezones') return ok(['America/Chicago', 'America/New_York', 'Europe/Berlin', 'UTC']);
    const ofGroup = /^GET \/api\/v2\/accounts\/for-group\/(\d+)$/.exec(route);
    if (ofGroup) return ok(state.accounts.filter((a) => a.group_id === Number(ofGroup[1])));
    if (route === 'POST /api/v2/accounts') {
      const body = call.body as AccountCreate;
      const created = account(state.nextId++, {
        name: body.name, num: body.num ?? null, type: body.type, weatherstation_id: body.weatherstation_id, timezone: body.timezone, group_id: body.group_id,
        weatherstation: stations.find((s) => s.id === body.weatherstation_id) ?? stations[0],
        initial_size_normalization: body.buildingSquareFootage, initial_price_normalization: body.utilityCostPerUnit,
      });
      state.accounts.push(created);
      return ok(created, 201);
    }
    const one = /^(GET|PUT|DELETE) \/api\/v2\/accounts\/(\d+)$/.exec(route);
    if (one) {
      const index = state.accounts.findIndex((a) => a.id === Number(one[2]));
      const found = state.accounts[index];
      if (!found) return notFound;
      if (one[1] === 'GET') return ok(found);
      if (one[1] === 'DELETE') {
        state.accounts.splice(index, 1);
        return ok();
      }
      const body = call.body as AccountUpdate;
      const updated: Account = { ...found, name: body.name, num: body.num ?? null, type: body.type, weatherstation_id: body.weatherstation_id, timezone: body.timezone };
      state.accounts[index] = updated;
      return ok(updated);
    }
    const entry = /^POST \/api\/v2\/account-(size|price)-normalizations$/.exec(route);
    if (entry) {
      const body = call.body as NormalizationCreate;
      const target = state.accounts.find((a) => a.id === body.account_id);
      if (!target) return notFound;
      const created: Normalization = { id: state.nextId++, account_id: target.id, effective_date: body.effective_date, value: body.value, note: body.note ?? null };
      if (entry[1] === 'size') target.account_size_normalizations = sorted([...target.account_size_normalizations, created]);
      else target.account_price_normalizations = sorted([...target.account_price_normalizations, created]);
      return ok(created, 201);
    }
    return undefined;
  });
  return { state, handler };
}
