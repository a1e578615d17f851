import type { SessionUser } from '@syrx/contracts/auth';
import type { NamedRef, UserDetail, UserStatus } from '@syrx/contracts/users';
import { adaUser } from './fake-api';
import type { Handler, Reply } from './fake-api';

const ok = (body: unknown, status = 200): Reply => ({ status, body });

/** A signed-in administrator of users (the Admin menu's Users). */
export const usersManager: SessionUser = { ...adaUser, id: 1, username: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper', permissions: ['users_manage'] };

export const groupsOf = { east: { id: 11, name: 'East campus' }, west: { id: 12, name: 'West campus' } };
export const roleOptions = { roles: [{ id: 3, name: 'Viewers' }, { id: 4, name: 'Controls' }], group_roles: [{ id: 21, name: 'Controller managers' }] };

export function userDetail(id: number, first: string, last: string, over: Partial<UserDetail> = {}): UserDetail {
  const email = `${first.toLowerCase()}@example.com`;
  return {
    id, username: email, email, first_name: first, last_name: last, status: 'active', groups: [groupsOf.east], roles: [],
    last_sign_in_at: null, invited_at: null, deactivated_at: null, group_roles: [], ...over,
  };
}

const withStatus = (u: UserDetail, status: UserStatus): UserDetail => ({
  ...u, status, deactivated_at: status === 'deactivated' ? '2026-03-01T10:00:00.000Z' : null, invited_at: status === 'invited' ? u.invited_at : null,
});
const named = (ids: readonly number[], from: readonly NamedRef[]) => from.filter((r) => ids.includes(r.id));

/** The users routes as apps/server answers them (no paging or filtering of its own: the grid's query is recorded). */
export function fakeUsersServer(overrides: Handler[] = []) {
  const state = { users: [] as UserDetail[], nextId: 100 };
  const handler: Handler = (call) => {
    for (const override of overrides) {
      const reply = override(call);
      if (reply) return reply;
    }
    const path = new URL(call.path, 'http://console.test').pathname;
    const body = call.body as Record<string, unknown>;
    if (call.method === 'GET' && path === '/api/v2/users') return ok({ items: state.users, total: state.users.length });
    if (path === '/api/v2/users/role-options') return ok(roleOptions);
    if (call.method === 'POST' && path === '/api/v2/users') {
      const groups = [groupsOf.east, groupsOf.west].filter((g) => (body.group_ids as number[]).includes(g.id));
      const user = userDetail(state.nextId++, String(body.first_name), String(body.last_name), {
        email: String(body.email), username: String(body.email), status: 'invited', groups, roles: named((body.role_ids as number[] | undefined) ?? [], roleOptions.roles),
      });
      state.users.push(user);
      return ok(user, 201);
    }
    const one = /^\/api\/v2\/users\/(\d+)(?:\/(deactivate|activate|resend-invitation))?$/.exec(path);
    if (!one) return undefined;
    const index = state.users.findIndex((u) => u.id === Number(one[1]));
    const user = state.users[index];
    if (!user) return { status: 404, body: { code: 'not_found', message: 'The user was not found.' } };
    const save = (u: UserDetail) => {
      state.users[index] = u;
      return ok(u);
    };
    if (one[2] === 'deactivate') return save(withStatus(user, 'deactivated'));
    if (one[2] === 'activate') return save(withStatus(user, 'active'));
    if (one[2] === 'resend-invitation') return ok(user);
    if (call.method === 'GET') return ok(user);
    const groupRoles = (body.group_roles as { group_id: number; group_role_ids: number[] }[] | undefined) ?? [];
    return save({
      ...user, first_name: String(body.first_name), last_name: String(body.last_name), roles: named(body.role_ids as number[], roleOptions.roles),
      groups: [groupsOf.east, groupsOf.west].filter((g) => (body.group_ids as number[]).includes(g.id)),
      group_roles: groupRoles.filter((g) => g.group_role_ids.length > 0).map((g) => ({
        group_id: g.group_id, group_name: g.group_id === groupsOf.west.id ? groupsOf.west.name : groupsOf.east.name, group_roles: named(g.group_role_ids, roleOptions.group_roles),
      })),
    });
  };
  return { state, handler };
}
