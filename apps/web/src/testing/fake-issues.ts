import type { FieldChoices, Issue, IssueComment, IssueHistoryEntry, IssueLink } from '@syrx/contracts/issues';
import { ahuController, controllerId } from './fake-controllers';
import { type Handler, notFound, ok, routeOf, withOverrides } from './fake-api';

export const issueChoices: FieldChoices = {
  status: [{ id: 1, name: 'Open', closed: false }, { id: 2, name: 'In progress', closed: false }, { id: 3, name: 'Closed', closed: true }],
  priority: [{ id: 11, name: 'Low', closed: false }, { id: 12, name: 'High', closed: false }],
  type: [{ id: 21, name: 'Override', closed: false }],
};

export const issue = (id: number, over: Partial<Issue> = {}): Issue => ({
  id, kind: 'issue', title: `Issue ${id}`, description: '', status_id: 1, status: 'Open', closed: false, priority_id: null, priority: null, type_id: null,
  type: null, assignee_id: null, assignee: null, due_date: null, project_id: null, project_name: null, syrx_controller_id: controllerId,
  syrx_controller_name: ahuController.name, group_id: 2, created_by: 'admin', created_at: '2025-03-07T14:00:00.000Z', updated_at: '2025-03-07T14:00:00.000Z',
  closed_at: null, ...over,
});

/** The issues log's routes (issues only) as apps/server answers them (docs/issues-log.md); `overrides` answer first. */
export function fakeIssuesServer(overrides: Handler[] = []) {
  const state = {
    issues: [issue(1, { title: 'Damper stuck' })] as Issue[],
    comments: [] as IssueComment[],
    history: [] as IssueHistoryEntry[],
    links: [] as IssueLink[],
    created: [] as unknown[],
    patched: [] as unknown[],
    nextId: 10,
  };
  const base = '/api/v2/issues';
  const handler = withOverrides(overrides, (call) => {
    const { path, query: q } = routeOf(call);
    if (call.method === 'GET' && path === '/api/SyrxControllers') return ok([ahuController]);
    if (call.method === 'GET' && /^\/api\/v2\/groups\/\d+\/projects$/.test(path)) return ok({ items: [], total: 0 });
    if (!path.startsWith(base)) return undefined;
    if (call.method === 'GET' && path === `${base}/field-options`) return ok(issueChoices);
    if (call.method === 'GET' && path === `${base}/assignees`) return ok([{ id: 7, username: 'ada@example.com', name: 'Ada Lovelace' }]);
    if (call.method === 'GET' && path === base) {
      const items = state.issues.filter((i) => (q.get('open') === null || String(!i.closed) === q.get('open')) && (!q.get('status_id') || i.status_id === Number(q.get('status_id'))));
      return ok({ items, total: items.length });
    }
    if (call.method === 'POST' && path === base) {
      state.created.push(call.body);
      const made = issue(state.nextId++, { title: (call.body as { title: string }).title });
      state.issues.push(made);
      state.history.push({ id: 1, username: 'admin', at: made.created_at, action: 'created', changes: [], message: null });
      return ok(made, 201);
    }
    const one = /^\/api\/v2\/issues\/(\d+)(\/\w+)?$/.exec(path);
    const found = one ? state.issues.find((i) => i.id === Number(one[1])) : undefined;
    if (!one) return undefined;
    if (!found) return notFound('The issue');
    switch (`${call.method} ${one[2] ?? ''}`) {
      case 'GET ': return ok(found);
      case 'PATCH ': {
        state.patched.push(call.body);
        const body = call.body as { status_id?: number; title?: string };
        const status = issueChoices.status.find((s) => s.id === body.status_id);
        if (status && status.id !== found.status_id) {
          state.history.push({ id: state.history.length + 1, username: 'admin', at: found.created_at, action: 'updated', changes: [{ field: 'status', from: found.status, to: status.name }], message: null });
          Object.assign(found, { status_id: status.id, status: status.name, closed: status.closed, updated_at: '2025-03-07T15:00:00.000Z' });
        }
        return ok(found);
      }
      case 'GET /comments': return ok(state.comments);
      case 'POST /comments': {
        const made = { id: state.comments.length + 1, username: 'admin', body: (call.body as { body: string }).body, created_at: '2025-03-07T15:00:00.000Z' };
        state.comments.push(made);
        return ok(made, 201);
      }
      case 'GET /history': return ok(state.history);
      case 'GET /links': return ok(state.links);
      default: return undefined;
    }
  });
  return { state, handler };
}
