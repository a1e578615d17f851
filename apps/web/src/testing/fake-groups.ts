import type { SessionUser } from '@syrx/contracts/auth';
import { type GroupDetail, type GroupMember, type GroupNode, groupMessages } from '@syrx/contracts/groups';
import { adaUser } from './fake-api';
import type { Handler, Reply } from './fake-api';

const ok = (body: unknown, status = 200): Reply => ({ status, body });
const notFound: Reply = { status: 404, body: { code: 'not_found', message: 'The group was not found.' } };
const fieldError = (status: number, field: string, message: string): Reply => ({
  status, body: { code: status === 409 ? 'conflict' : 'validation_failed', message, fields: [{ field, message }] },
});

/** A signed-in user who may manage groups (and sees every group, as the administrator does). */
export const groupsManager: SessionUser = { ...adaUser, username: 'gus@example.com', first_name: 'Gus', permissions: ['groups_manage'], commissioning_group: { id: 1, name: 'Root' } };

interface StoredGroup {
  id: number;
  name: string;
  parent_id: number | null;
  require_two_factor: boolean;
}

export const member = (id: number, username: string, first_name = '', last_name = ''): GroupMember => ({ id, username, email: username, first_name, last_name });

/**
 * Groups as apps/server answers them (modules/groups): the tree, a group's detail, create, rename, move (refusing a
 * cycle), delete (409 while anything hangs on it), members and candidates. `overrides` answer first.
 */
export function fakeGroupsServer(overrides: Handler[] = []) {
  const state = {
    groups: [{ id: 1, name: 'Root', parent_id: null, require_two_factor: false }] as StoredGroup[],
    users: [] as GroupMember[],
    members: new Map<number, number[]>(),
    controllers: new Map<number, { id: string; name: string; description: string }[]>(),
    nextId: 100,
  };
  const find = (id: number) => state.groups.find((g) => g.id === id);
  const childrenOf = (id: number | null) => state.groups.filter((g) => g.parent_id === id).sort((a, b) => a.name.localeCompare(b.name));
  const node = (g: StoredGroup): GroupNode => ({ id: g.id, name: g.name, has_children: childrenOf(g.id).length > 0 });
  const below = (id: number): number[] => [id, ...childrenOf(id).flatMap((c) => below(c.id))];
  const membersOf = (id: number) => state.users.filter((u) => (state.members.get(id) ?? []).includes(u.id));
  const path = (g: StoredGroup): { id: number; name: string }[] => {
    const parent = g.parent_id === null ? undefined : find(g.parent_id);
    return parent ? [...path(parent), { id: parent.id, name: parent.name }] : [];
  };
  const detail = (g: StoredGroup): GroupDetail => ({
    ...g, path: path(g),
    counts: { members: membersOf(g.id).length, subgroups: childrenOf(g.id).length, controllers: state.controllers.get(g.id)?.length ?? 0, accounts: 0, projects: 0 },
  });
  const taken = (parentId: number | null, name: string, except?: number) => childrenOf(parentId).some((g) => g.id !== except && g.name.toLowerCase() === name.toLowerCase());

  function change(g: StoredGroup | undefined, body: Record<string, unknown>): Reply {
    const name = String(body.name);
    const parentId = body.parent_id as number | null;
    if (!g) {
      if (parentId === null || !find(parentId)) return fieldError(400, 'parent_id', groupMessages.unknownParent);
      if (taken(parentId, name)) return fieldError(409, 'name', groupMessages.nameTaken(name));
      const created = { id: state.nextId++, name, parent_id: parentId, require_two_factor: body.require_two_factor === true };
      state.groups.push(created);
      return ok(detail(created), 201);
    }
    if (parentId !== null && below(g.id).includes(parentId)) return fieldError(400, 'parent_id', groupMessages.cycle);
    if (taken(parentId, name, g.id)) return fieldError(409, 'name', groupMessages.nameTaken(name));
    Object.assign(g, { name, parent_id: parentId, require_two_factor: typeof body.require_two_factor === 'boolean' ? body.require_two_factor : g.require_two_factor });
    return ok(detail(g));
  }

  function remove(g: StoredGroup): Reply {
    const d = detail(g);
    if (d.counts.members + d.counts.subgroups > 0) {
      const what = [`${d.counts.members} members`, `${d.counts.subgroups} subgroups`].join(' and ');
      return { status: 409, body: { code: 'conflict', message: groupMessages.inUse(g.name, what), details: { members: d.counts.members, subgroups: d.counts.subgroups } } };
    }
    state.groups = state.groups.filter((x) => x.id !== g.id);
    return { status: 204 };
  }

  const handler: Handler = (call) => {
    for (const override of overrides) {
      const reply = override(call);
      if (reply) return reply;
    }
    const url = new URL(call.path, 'http://console.test');
    const body = (call.body ?? {}) as Record<string, unknown>;
    const route = `${call.method} ${url.pathname}`;
    if (route === 'GET /api/v2/groups/getChildrenOf') {
      const id = url.searchParams.get('id');
      return ok(id === null ? state.groups.filter((g) => g.parent_id === null).map(node) : childrenOf(Number(id)).map(node));
    }
    if (route === 'POST /api/v2/groups') return change(undefined, body);
    const accounts = /^\/api\/v2\/accounts\/for-group\/(\d+)$/.exec(url.pathname);
    if (accounts && call.method === 'GET') return ok([]);
    const m = /^\/api\/v2\/groups\/(\d+)(?:\/(members|member-candidates|controllers))?$/.exec(url.pathname);
    if (!m) return undefined;
    const g = find(Number(m[1]));
    if (!g) return notFound;
    const what = `${call.method} ${m[2] ?? ''}`;
    if (what === 'GET ') return ok(detail(g));
    if (what === 'PUT ') return change(g, body);
    if (what === 'DELETE ') return remove(g);
    if (what === 'GET members') return ok(membersOf(g.id));
    if (what === 'PUT members') {
      state.members.set(g.id, [...new Set(body.user_ids as number[])]);
      return ok(membersOf(g.id));
    }
    if (what === 'GET member-candidates') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      return ok(state.users.filter((u) => !membersOf(g.id).includes(u) && `${u.username} ${u.first_name} ${u.last_name}`.toLowerCase().includes(q)));
    }
    if (what === 'GET controllers') return ok(state.controllers.get(g.id) ?? []);
    return undefined;
  };
  return { state, handler };
}
