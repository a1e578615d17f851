import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { adaUser, installFakeApi } from '../../../testing/fake-api';
import { fakeJobsServer, job, jobLog } from '../../../testing/fake-jobs';
import { fakePointDataServer } from '../../../testing/fake-point-data';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 20_000 });

const uploader = { ...adaUser, permissions: ['group_data_upload' as const, 'group_data_view' as const] };
const csv = 'point_name,timestamp,value\nMain meter kW,2025-03-07T14:00:00Z,120\nMain meter kW,yesterday,3\n';

describe('upload group data', () => {
  it('uploads into the current group, follows the job to the end and lists each line it could not store by number', async () => {
    const data = fakePointDataServer();
    const jobs = fakeJobsServer();
    // The job runs for a poll, then finishes with one bad line.
    jobs.state.jobs = [job(500, { job_type: 'group_data_upload', status: 'running', progress: 40, finished_time: null })];
    jobs.state.logs = [
      jobLog(1, 500, { level: 'WARN', message: 'Line 3: timestamp "yesterday" is not a date and time (ISO 8601, UTC unless it says otherwise)' }),
      jobLog(2, 500, { level: 'WARN', message: 'Imported 2 rows: 1 point created, 1 record added, 0 changed, 0 unchanged; 1 bad row skipped.' }),
    ];
    installFakeApi({ user: uploader, handlers: [data.handler, jobs.handler] });
    const { user } = renderApp('/report-data/group-data-upload');

    const region = await screen.findByRole('region', { name: 'Group data CSV' }, { timeout: 8000 });
    expect(within(region).getByText(/Point data of Acme Buildings/)).toBeInTheDocument();
    expect(within(region).getByText('point_name,timestamp,value,unit')).toBeInTheDocument();
    await user.upload(region.querySelector('input[type="file"]') as HTMLInputElement, new File([csv], 'meters.csv', { type: 'text/csv' }));
    await user.click(within(region).getByRole('button', { name: 'Upload' }));

    const progress = await within(region).findByRole('status', { name: 'Upload progress' });
    expect(await within(progress).findByText('40%')).toBeInTheDocument();
    expect(data.state.uploads).toEqual([{ groupId: 2, csv }]);
    jobs.state.jobs = [job(500, { job_type: 'group_data_upload', status: 'succeeded', progress: 100 })];
    const lines = await within(region).findByRole('region', { name: 'Lines not stored' }, { timeout: 5000 });
    expect(within(lines).getByText('Line 3: timestamp "yesterday" is not a date and time (ISO 8601, UTC unless it says otherwise)')).toBeInTheDocument();
    expect(within(region).getByText('Imported 2 rows: 1 point created, 1 record added, 0 changed, 0 unchanged; 1 bad row skipped.')).toBeInTheDocument();
  });

  it('is refused without group_data_upload', async () => {
    installFakeApi({ user: { ...adaUser, permissions: ['group_data_view'] }, handlers: [fakePointDataServer().handler] });
    renderApp('/report-data/group-data-upload');
    expect(await screen.findByText('Uploading group data needs the permission Upload group data (group_data_upload).', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
