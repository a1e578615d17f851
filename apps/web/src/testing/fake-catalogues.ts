import type { Handler, Reply } from './fake-api';
import { pageOf } from './fake-page';

type Row = { id: number } & Record<string, unknown>;
const textOf = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const ok = (body: unknown, status = 200): Reply => ({ status, body });
const failure = (status: number, code: string, message: string, field?: string): Reply =>
  ({ status, body: { code, message, ...(field ? { fields: [{ field, message }] } : {}) } });

/**
 * One Admin catalogue at `path` as apps/server answers it (docs/catalogues.md): its grid (pageNum, pageSize, sort,
 * "contains" filters), create and update with the key unique in any letter case (409 naming it) and `required` fields
 * (400 naming them), and delete refused with 409 while `inUse` says so. `what` names a row in messages.
 */
export function fakeCatalogueServer(path: string, opts: { key: string; what: string; required: Record<string, string>; rows: Row[]; inUse?: (row: Row) => number }) {
  const state = { rows: opts.rows, nextId: 100 };
  const refusal = (body: Record<string, unknown>, id: number): Reply | null => {
    const missing = Object.entries(opts.required).find(([f]) => typeof body[f] !== 'string' || String(body[f]).trim() === '');
    if (missing) return failure(400, 'validation_failed', missing[1], missing[0]);
    const key = String(body[opts.key]);
    const taken = state.rows.some((r) => r.id !== id && textOf(r[opts.key]).toLowerCase() === key.toLowerCase());
    return taken ? failure(409, 'conflict', `A ${opts.what} "${key}" already exists.`, opts.key) : null;
  };

  const handler: Handler = (call) => {
    const url = new URL(call.path, 'http://console.test');
    const body = (call.body ?? {}) as Record<string, unknown>;
    if (url.pathname === path && call.method === 'GET') {
      const q = url.searchParams;
      const [field = opts.key, dir] = (q.get('sort') ?? `${opts.key}:asc`).split(':');
      const text = (q.get('filter[0][value]') ?? '').toLowerCase();
      const filterField = q.get('filter[0][field]') ?? opts.key;
      const rows = state.rows
        .filter((r) => textOf(r[filterField]).toLowerCase().includes(text))
        .sort((a, b) => textOf(a[field]).localeCompare(textOf(b[field])) * (dir === 'desc' ? -1 : 1));
      return ok(pageOf(rows, q));
    }
    if (url.pathname === path && call.method === 'POST') {
      const refused = refusal(body, 0);
      if (refused) return refused;
      const row = { ...body, id: state.nextId++ };
      state.rows.push(row);
      return ok(row, 201);
    }
    const one = new RegExp(`^${path}/(\\d+)$`).exec(url.pathname);
    if (!one) return undefined;
    const row = state.rows.find((r) => r.id === Number(one[1]));
    if (!row) return failure(404, 'not_found', `The ${opts.what} was not found.`);
    if (call.method === 'GET') return ok(row);
    if (call.method === 'DELETE') {
      const used = opts.inUse?.(row) ?? 0;
      if (used > 0) return failure(409, 'conflict', `The ${opts.what} "${textOf(row[opts.key])}" cannot be deleted: ${used} use it.`);
      state.rows = state.rows.filter((r) => r !== row);
      return { status: 204 };
    }
    const refused = refusal(body, row.id);
    if (refused) return refused;
    Object.assign(row, body);
    return ok(row);
  };
  return { state, handler };
}
