import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { type RecordedCall, adaUser, installFakeApi } from '../../../testing/fake-api';
import { adminUser, controllerId } from '../../../testing/fake-controllers';
import { auditEntry, fakeOperationsServer } from '../../../testing/fake-operations';
import { renderApp, renderWithApi } from '../../../testing/render-app';
import { pickOption } from '../../../testing/user-steps';
import { expectTextsIn, queriesTo, untilLastQueryHas } from '../../../testing/grid-queries';

vi.setConfig({ testTimeout: 20_000 });

const auditor = { ...adminUser, permissions: ['audit_log_view' as const] };
const auditList = '/api/v2/audit-log';
const pageCalls = (calls: readonly RecordedCall[]) => queriesTo(calls, auditList);

function open(entries = [auditEntry(2, { action: 'terminal.close', details: { reason: 'idle' } }), auditEntry(1)]) {
  const operations = fakeOperationsServer();
  operations.state.audit = entries;
  return renderWithApi('/admin/audit-log', { user: auditor, handlers: [operations.handler] });
}

describe('audit log screen', () => {
  it('lists who did what, when, to what and from where, newest first', async () => {
    const { api } = open();
    const grid = await screen.findByRole('table', {}, { timeout: 8000 });
    const rows = await within(grid).findAllByText(/^Terminal (opened|closed)$/);
    expect(rows.map((r) => r.textContent)).toEqual(['Terminal closed', 'Terminal opened']);
    const closed = rows[0]?.closest('tr') as HTMLElement;
    expectTextsIn(closed, ['admin', `controller ${controllerId}`, 'Group 2', 'reason: idle']);
    expect(within(closed).getByText('127.0.0.1')).toHaveAttribute('title', 'Chromium');
    expect(screen.getByText('1-2 of 2 entries')).toBeInTheDocument();
    expect(pageCalls(api.calls)[0]?.get('sort')).toBe('at:desc');
  });

  it('filters by action, user and target, and sorts by a column', async () => {
    const { api, user } = open();
    await screen.findByText('Terminal closed', {}, { timeout: 8000 });

    await pickOption(user, 'Action', 'Terminal opened');
    await untilLastQueryHas(api.calls, auditList, { 'filters[0][value]': 'terminal.open' });
    await user.type(screen.getByRole('searchbox', { name: 'User' }), 'adm{Enter}');
    await untilLastQueryHas(api.calls, auditList, { 'filters[1][field]': 'username' });
    await user.type(screen.getByRole('searchbox', { name: 'Target' }), '7b0e{Enter}');
    await untilLastQueryHas(api.calls, auditList, { 'filters[2][value]': '7b0e' });
    expect(api.calls.filter((c) => c.path.startsWith('/api/v2/audit-log/count?')).at(-1)?.path).toContain('filters%5B2%5D%5Bfield%5D=target_id');

    await user.click(screen.getByRole('columnheader', { name: /Who/ }));
    await untilLastQueryHas(api.calls, auditList, { sort: 'username:desc' });
  });

  it('is refused without audit_log_view', async () => {
    installFakeApi({ user: adaUser, handlers: [fakeOperationsServer().handler] });
    renderApp('/admin/audit-log');
    expect(await screen.findByText('The audit log needs the audit_log_view permission.', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('says when nothing was recorded', async () => {
    open([]);
    expect(await screen.findByText('No audit log entries', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
