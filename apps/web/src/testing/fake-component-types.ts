import type { ComponentPoint, ComponentType } from '@syrx/contracts/components';
import type { GenericPoint } from '@syrx/contracts/catalogues';
import type { Handler, Reply } from './fake-api';

const ok = (body: unknown, status = 200): Reply => ({ status, body });
export const componentType = (id: number, parent_id: number | null, description: string, sort_order: number, over: Partial<ComponentType> = {}): ComponentType =>
  ({ id, parent_id, description, sort_order, is_schedule_type: false, points: 0, ...over });

/**
 * Admin › Components as apps/server answers it: the flat type list, a type added (at the end of its siblings), edited,
 * moved and deleted (409 while `inUse` says so), its points, and the generic points' grid filtered by code.
 */
export function fakeComponentTypesServer(opts: { types: ComponentType[]; points?: ComponentPoint[]; generic?: GenericPoint[]; inUse?: (id: number) => string | null }) {
  const state = { types: opts.types, points: opts.points ?? [], nextId: 500 };
  const siblings = (parentId: number | null) => state.types.filter((t) => t.parent_id === parentId).sort((a, b) => a.sort_order - b.sort_order);
  const handler: Handler = (call) => {
    const path = new URL(call.path, 'http://console.test');
    const body = (call.body ?? {}) as Record<string, unknown>;
    if (path.pathname === '/api/v2/generic-points') {
      const text = (path.searchParams.get('filter[0][value]') ?? '').toLowerCase();
      const items = (opts.generic ?? []).filter((p) => p.point_code.toLowerCase().includes(text));
      return ok({ items, total: items.length });
    }
    if (path.pathname === '/api/v2/component-types') {
      if (call.method === 'GET') return ok(state.types);
      const parentId = (body.parent_id as number | null) ?? null;
      const created = componentType(state.nextId++, parentId, String(body.description), siblings(parentId).length, { is_schedule_type: body.is_schedule_type === true });
      state.types.push(created);
      return ok(created, 201);
    }
    const m = /^\/api\/v2\/component-types\/(\d+)(\/move|\/points)?$/.exec(path.pathname);
    if (!m) return undefined;
    const type = state.types.find((t) => t.id === Number(m[1]));
    if (!type) return { status: 404, body: { code: 'not_found', message: 'The component type was not found.' } };
    if (m[2] === '/points') {
      if (call.method === 'GET') return ok(state.points.filter((p) => p.component_id === type.id));
      const point = { ...(body as Omit<ComponentPoint, 'id'>), id: state.nextId++, component_id: type.id, sort_order: 0 };
      state.points.push(point);
      return ok(point, 201);
    }
    if (m[2] === '/move') {
      const list = siblings(type.parent_id);
      const at = list.indexOf(type);
      const to = Math.max(0, Math.min(list.length - 1, at + (body.direction === 'up' ? -1 : 1)));
      list.splice(to, 0, ...list.splice(at, 1));
      list.forEach((t, i) => { t.sort_order = i; });
      return ok(list);
    }
    if (call.method === 'DELETE') {
      const refused = opts.inUse?.(type.id);
      if (refused) return { status: 409, body: { code: 'conflict', message: refused } };
      state.types = state.types.filter((t) => t.id !== type.id && t.parent_id !== type.id);
      return { status: 204 };
    }
    Object.assign(type, { description: body.description, is_schedule_type: body.is_schedule_type });
    return ok(type);
  };
  return { state, handler };
}
