import type { SessionUser } from '@syrx/contracts/auth';
import { type GroupPermission, type GroupRole, type GroupRoleHolder, type Role, type RoleUser, groupPermissionCatalogue, roleMessages } from '@syrx/contracts/roles';
import { adaUser, type Handler, notFound, ok, type RecordedCall, type Reply, withOverrides } from './fake-api';
import { pageOf } from './fake-page';

const noContent: Reply = { status: 204 };
const conflict = (message: string): Reply => ({ status: 409, body: { code: 'conflict', message, fields: [{ field: 'name', message }] } });

/** A signed-in user who may manage roles (and sees the Admin menu's Roles and Group roles). */
export const rolesManager: SessionUser = { ...adaUser, username: 'grace@example.com', first_name: 'Grace', permissions: ['roles_manage'] };

export const role = (id: number, name: string, permissions: string[] = [], over: Partial<Role> = {}): Role => ({ id, name, permissions, built_in: false, ...over });
export const catalogue: GroupPermission[] = [...groupPermissionCatalogue].sort((a, b) => a.id.localeCompare(b.id));
const described = (ids: readonly string[]) => catalogue.filter((p) => ids.includes(p.id));
export const groupRole = (id: number, name: string, description: string, ids: string[] = []): GroupRole => ({ id, name, description, group_permissions: described(ids) });

interface Filter {
  field: string;
  value: string;
}

function filtersOf(q: URLSearchParams): Filter[] {
  const out: Filter[] = [];
  for (let i = 0; q.has(`filter[${i}][field]`); i++) out.push({ field: q.get(`filter[${i}][field]`) ?? '', value: (q.get(`filter[${i}][value]`) ?? '').toLowerCase() });
  return out;
}

/** Pages, sorts and filters as apps/server does for GET /roles and /group-roles (contains on text fields). */
function gridPage<T extends { id: number; name: string }>(list: readonly T[], q: URLSearchParams, text: (item: T, field: string) => string) {
  const [field, dir] = (q.get('sort') ?? 'name:asc').split(':');
  const key = (x: T) => (field === 'id' ? x.id : text(x, field ?? 'name').toLowerCase());
  const rows = list
    .filter((x) => filtersOf(q).every((f) => text(x, f.field).toLowerCase().includes(f.value)))
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (dir === 'desc' ? -1 : 1));
  return pageOf(rows, q);
}

/**
 * Roles, group roles, the group permission catalogue and who holds them, as apps/server answers (docs/permissions.md).
 * `overrides` answer first, e.g. to make a call fail.
 */
export function fakeRolesServer(overrides: Handler[] = []) {
  const state = {
    roles: [] as Role[],
    groupRoles: [] as GroupRole[],
    users: [{ id: 7, username: 'dana@example.com', first_name: 'Dana', last_name: 'Reyes' }] as RoleUser[],
    roleUsers: new Map<number, number[]>(),
    holders: [] as GroupRoleHolder[],
    nextId: 100,
  };
  const nameTaken = (list: readonly { id: number; name: string }[], name: string, id?: number) => list.some((x) => x.id !== id && x.name.toLowerCase() === name.toLowerCase());
  const usersOf = (id: number) => state.users.filter((u) => (state.roleUsers.get(id) ?? []).includes(u.id));
  /** GET, DELETE and PUT of one role or group role of `list`; a new name another one has is refused with `taken`. */
  const oneOf = <T extends { id: number; name: string }>(list: T[], found: T, call: RecordedCall, taken: (name: string) => string, changes: (body: Record<string, unknown>) => Partial<T>): Reply => {
    if (call.method === 'GET') return ok(found);
    if (call.method === 'DELETE') {
      list.splice(list.indexOf(found), 1);
      return noContent;
    }
    const body = call.body as Record<string, unknown>;
    const name = String(body.name);
    if (nameTaken(list, name, found.id)) return conflict(taken(name));
    Object.assign(found, { name, ...changes(body) });
    return ok(found);
  };

  const handler = withOverrides(overrides, (call) => {
    const url = new URL(call.path, 'http://console.test');
    const path = url.pathname;
    const body = call.body as Record<string, unknown>;
    const route = `${call.method} ${path}`;

    if (route === 'GET /api/v2/group-permissions') return ok(catalogue);
    if (route === 'GET /api/v2/roles') return ok(gridPage(state.roles, url.searchParams, (r, f) => (f === 'permissions' ? r.permissions.join(',') : r.name)));
    if (route === 'POST /api/v2/roles') {
      const name = String(body.name);
      if (nameTaken(state.roles, name)) return conflict(roleMessages.roleNameTaken(name));
      const created = role(state.nextId++, name, (body.permissions as string[] | undefined) ?? []);
      state.roles.push(created);
      return ok(created, 201);
    }
    const roleRoute = /^\/api\/v2\/roles\/(\d+)(\/users)?(?:\/(\d+))?$/.exec(path);
    if (roleRoute) {
      const id = Number(roleRoute[1]);
      const found = state.roles.find((r) => r.id === id);
      if (!found) return notFound('The role');
      if (roleRoute[2]) {
        if (call.method === 'GET') return ok(usersOf(id));
        if (call.method === 'POST') {
          const user = state.users.find((u) => u.username === String(body.username).toLowerCase());
          if (!user) return { status: 400, body: { code: 'validation_failed', message: roleMessages.userNotFound, fields: [{ field: 'username', message: roleMessages.userNotFound }] } };
          state.roleUsers.set(id, [...(state.roleUsers.get(id) ?? []), user.id]);
          return ok(usersOf(id));
        }
        state.roleUsers.set(id, (state.roleUsers.get(id) ?? []).filter((u) => u !== Number(roleRoute[3])));
        return noContent;
      }
      return oneOf(state.roles, found, call, roleMessages.roleNameTaken, (b) => (b.permissions ? { permissions: b.permissions as string[] } : {}));
    }

    if (route === 'GET /api/v2/group-roles') return ok(gridPage(state.groupRoles, url.searchParams, (r, f) => (f === 'description' ? r.description : r.name)));
    if (route === 'POST /api/v2/group-roles') {
      const name = String(body.name);
      if (nameTaken(state.groupRoles, name)) return conflict(roleMessages.groupRoleNameTaken(name));
      const created = groupRole(state.nextId++, name, String(body.description), (body.group_permissions as string[] | undefined) ?? []);
      state.groupRoles.push(created);
      return ok(created, 201);
    }
    const groupRoleRoute = /^\/api\/v2\/group-roles\/(\d+)(\/group-permissions|\/users)?/.exec(path);
    if (groupRoleRoute) {
      const id = Number(groupRoleRoute[1]);
      const found = state.groupRoles.find((r) => r.id === id);
      if (!found) return notFound('The group role');
      if (groupRoleRoute[2] === '/group-permissions') {
        if (call.method === 'PUT') found.group_permissions = described(call.body as string[]);
        return ok(found.group_permissions);
      }
      if (groupRoleRoute[2] === '/users') {
        if (call.method === 'POST') {
          const user = state.users.find((u) => u.username === String(body.username).toLowerCase());
          if (user) state.holders.push({ user_id: user.id, username: user.username, group_id: Number(body.group_id), group_name: 'Acme Buildings' });
        }
        return call.method === 'DELETE' ? noContent : ok(state.holders);
      }
      return oneOf(state.groupRoles, found, call, roleMessages.groupRoleNameTaken, (b) => ({ description: String(b.description) }));
    }
    return undefined;
  });
  return { state, handler };
}
