import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { gridWidthAt1440 } from '../../../components/paged-grid';
import type { RecordedCall } from '../../../testing/fake-api';
import { adminUser } from '../../../testing/fake-controllers';
import { fakeJobsServer, job } from '../../../testing/fake-jobs';
import { renderWithApi } from '../../../testing/render-app';
import { pickOption } from '../../../testing/user-steps';
import { queriesTo, untilLastQueryHas } from '../../../testing/grid-queries';

vi.setConfig({ testTimeout: 20_000 });

const jobsList = '/api/v2/jobs';
const pageCalls = (calls: readonly RecordedCall[]) => queriesTo(calls, jobsList);
const expander = (row: HTMLElement) => row.querySelector('.ant-table-row-expand-icon') as HTMLElement;

function open() {
  const server = fakeJobsServer();
  server.state.jobs = [
    job(7, { status: 'running', progress: 40, child_job_count: 2, finished_time: null }),
    job(8, { parent_job_id: 7, job_type: 'point_record_copy', status: 'succeeded' }),
    job(9, { parent_job_id: 7, sibling_job_execution_order_index: 1, job_type: 'equipment_point_remap', status: 'queued', progress: 0, finished_time: null }),
    job(6, { job_type: 'pcs_point_import', status: 'failed', progress: 30, error_message: 'Bad header' }),
  ];
  return { ...renderWithApi('/admin/jobs', { user: adminUser, handlers: [server.handler] }), server };
}

describe('jobs screen', () => {
  it('lists top-level jobs with status, progress, user and times, each linking to its logs', async () => {
    const { api } = open();
    const grid = await screen.findByRole('table', { name: 'Jobs' }, { timeout: 8000 });
    const moving = (await within(grid).findByText('Move vendor point data')).closest('tr') as HTMLElement;
    expect(within(moving).getByText('running')).toBeInTheDocument();
    expect(within(moving).getByLabelText('Progress 40%')).toBeInTheDocument();
    expect(within(moving).getByText('admin')).toBeInTheDocument();
    expect(within(moving).getAllByText(/^\d{2}\/\d{2}\/2025 \d{2}:\d{2}:\d{2} [ap]m$/).length).toBeGreaterThanOrEqual(3);
    expect(within(moving).getByRole('link', { name: 'Logs of job 7' })).toHaveAttribute('href', '/admin/jobs/7/logs');
    expect(within(grid).getByText('Import PCS points')).toBeInTheDocument();
    expect(within(grid).queryByText('Copy records')).not.toBeInTheDocument();
    expect(pageCalls(api.calls)[0]?.toString()).toBe('pageNum=1&pageSize=20&sort=created_time%3Adesc');
    // Every column shows in a 1440 px window; only a narrower one scrolls sideways.
    expect(parseFloat(grid.style.width)).toBeLessThanOrEqual(gridWidthAt1440);
  });

  it('shows the child jobs of an expanded job, in order', async () => {
    const { api, user } = open();
    const row = (await screen.findByText('Move vendor point data', {}, { timeout: 8000 })).closest('tr') as HTMLElement;
    await user.click(expander(row));
    const children = await screen.findByRole('table', { name: 'Child jobs of job 7' });
    await waitFor(() => expect(within(children).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual([expect.stringContaining('Copy records'), expect.stringContaining('Remap equipment points')]));
    expect(api.calls.some((c) => c.path === '/api/v2/jobs/7/child-jobs')).toBe(true);
  });

  it('sends only the filters filled in, and the sort of a clicked column', async () => {
    const { api, user } = open();
    await screen.findByText('Move vendor point data', {}, { timeout: 8000 });
    await pickOption(user, 'Status', 'failed');
    await untilLastQueryHas(api.calls, jobsList, { 'filter[0][value]': 'failed' });
    expect(pageCalls(api.calls).at(-1)?.has('filter[1][field]')).toBe(false);
    await user.type(screen.getByRole('searchbox', { name: 'User' }), 'adm{Enter}');
    await untilLastQueryHas(api.calls, jobsList, { 'filter[1][field]': 'username', 'filter[1][operator]': 'contains' });

    await user.click(within(screen.getByRole('table', { name: 'Jobs' })).getByRole('columnheader', { name: /Priority/ }));
    await untilLastQueryHas(api.calls, jobsList, { sort: 'priority:desc' });
  });

  it('asks again every 2 s while a job on the page runs, and stops when all are finished', async () => {
    const { api, server } = open();
    await screen.findByText('Move vendor point data', {}, { timeout: 8000 });
    await waitFor(() => expect(pageCalls(api.calls).length).toBeGreaterThanOrEqual(2), { timeout: 5000 });
    server.state.jobs = server.state.jobs.map((j) => ({ ...j, status: 'succeeded' as const, progress: 100 }));
    await waitFor(() => expect(screen.getAllByLabelText('Progress 100%')).toHaveLength(2), { timeout: 5000 });
    const settled = pageCalls(api.calls).length;
    await new Promise((r) => setTimeout(r, 2500));
    expect(pageCalls(api.calls).length).toBe(settled);
  });
});

