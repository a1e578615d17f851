import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { gridWidthAt1440 } from '../../../components/paged-grid';
import { type RecordedCall, installFakeApi } from '../../../testing/fake-api';
import { adminUser } from '../../../testing/fake-controllers';
import { fakeJobsServer, moveRow } from '../../../testing/fake-jobs';
import { expectTextsIn, queriesTo, rowWithLink } from '../../../testing/grid-queries';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 20_000 });

const mover = { ...adminUser, permissions: ['move_vendor_point_records' as const] };
const listCalls = (calls: readonly RecordedCall[]) => queriesTo(calls, '/api/v2/jobs/statuses');

describe('move job list', () => {
  it('lists the move jobs newest queued first, refreshing while one is unfinished, with New leading to the wizard', async () => {
    const server = fakeJobsServer();
    server.state.moves = [
      moveRow(12, { status: 'running', progress: 50, job_completed_date: null, full_time_range: false, start_date: '2025-03-01T00:00:00.000Z', end_date: '2025-04-01T00:00:00.000Z', source_record_handling: 'move', records_deleted: 4 }),
      moveRow(11),
    ];
    const api = installFakeApi({ user: mover, handlers: [server.handler] });
    const { user, location } = renderApp('/admin/move-vendor-point-data');
    const grid = await screen.findByRole('table', { name: 'Move jobs' }, { timeout: 8000 });
    expectTextsIn(await rowWithLink(grid, 'Logs of job 12'), ['03/01/2025 – 03/31/2025', 'Move', 'running', '12 copied, 4 deleted, 1 remapped']);
    expectTextsIn(await rowWithLink(grid, 'Logs of job 11'), ['All records', 'Copy']);
    expect(listCalls(api.calls)[0]?.toString()).toBe('skip=0&take=20&page=1&pageSize=20&sort=job_queued_date%3Adesc');
    // Every column shows in a 1440 px window; only a narrower one scrolls sideways.
    expect(parseFloat(grid.style.width)).toBeLessThanOrEqual(gridWidthAt1440);
    await waitFor(() => expect(listCalls(api.calls).length).toBeGreaterThanOrEqual(2), { timeout: 5000 });

    await user.click(screen.getByRole('button', { name: /New/ }));
    await waitFor(() => expect(location()).toBe('/admin/move-vendor-point-data/new'));
  });
});
