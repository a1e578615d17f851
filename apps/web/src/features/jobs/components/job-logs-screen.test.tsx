import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { installFakeApi } from '../../../testing/fake-api';
import { adminUser } from '../../../testing/fake-controllers';
import { fakeJobsServer, job, jobLog } from '../../../testing/fake-jobs';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 20_000 });

function open(path = '/admin/jobs/7/logs') {
  const server = fakeJobsServer();
  server.state.jobs = [job(7, { status: 'failed', error_message: 'The destination point is gone', params: { items: 1 } })];
  server.state.logs = [
    jobLog(1, 7, { message: 'Copy records', hasChildLogs: true }),
    jobLog(2, 7, { message: 'Move failed', level: 'ERROR', errorMessage: 'The destination point is gone' }),
    jobLog(3, 8, { parentLogId: 1, message: 'Copied 12 records' }),
  ];
  const api = installFakeApi({ user: adminUser, handlers: [server.handler] });
  return { ...renderApp(path), api };
}

describe('job logs screen', () => {
  it("shows the job's header and its top-level log entries with time, level, message and error", async () => {
    const { api } = open();
    const header = await screen.findByRole('region', { name: 'Job' }, { timeout: 8000 });
    expect(within(header).getByText('failed')).toBeInTheDocument();
    expect(within(header).getAllByText('The destination point is gone').length).toBeGreaterThan(0);
    const tree = await screen.findByRole('tree', { name: 'Job logs' });
    expect(within(tree).getByText('Copy records')).toBeInTheDocument();
    const failed = within(tree).getByText('Move failed').closest('.ant-tree-treenode') as HTMLElement;
    expect(within(failed).getByText('ERROR')).toBeInTheDocument();
    expect(within(failed).getByText('The destination point is gone')).toBeInTheDocument();
    expect(within(failed).getByText(/^\d{2}\/\d{2}\/2025 \d{2}:\d{2}:\d{2} [ap]m$/)).toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).toContain('/api/v2/jobs/7/logs?parentLogId=null');
  });

  it('loads the child logs of an entry only when it is opened', async () => {
    const { api, user } = open();
    const tree = await screen.findByRole('tree', { name: 'Job logs' }, { timeout: 8000 });
    expect(api.calls.some((c) => c.path.includes('parentLogId=1'))).toBe(false);
    const parent = within(tree).getByText('Copy records').closest('.ant-tree-treenode') as HTMLElement;
    await user.click(parent.querySelector('.ant-tree-switcher') as HTMLElement);
    expect(await within(tree).findByText('Copied 12 records')).toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).toContain('/api/v2/jobs/7/logs?parentLogId=1');
    // An entry without child logs has nothing to open.
    const leaf = within(tree).getByText('Move failed').closest('.ant-tree-treenode') as HTMLElement;
    expect(leaf.querySelector('.ant-tree-switcher-noop')).not.toBeNull();
    await waitFor(() => expect(api.calls.filter((c) => c.path.includes('parentLogId=')).length).toBe(2));
  });

  it("says 'Job not found' when the server has no such job", async () => {
    open('/admin/jobs/99/logs');
    expect(await screen.findByText('Job not found', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('tree')).not.toBeInTheDocument();
  });
});
