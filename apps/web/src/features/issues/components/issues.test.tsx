import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { adaUser, type Handler, installFakeApi } from '../../../testing/fake-api';
import { controllerId } from '../../../testing/fake-controllers';
import { fakeIssuesServer, issue } from '../../../testing/fake-issues';
import { fakePointHealthServer, finding, sweep } from '../../../testing/fake-point-health';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 60_000 });

const engineer = { ...adaUser, permissions: ['issues_manage'] };
const dialogTitled = async (title: string) => (await screen.findByText(title, { selector: '.ant-modal-title' }, { timeout: 15_000 })).closest<HTMLElement>('[role="dialog"]') as HTMLElement;

function open(path: string, overrides: Handler[] = []) {
  const issues = fakeIssuesServer(overrides);
  const health = fakePointHealthServer();
  health.state.sweeps = [sweep(1)];
  health.state.findings = [finding(1), finding(2, { category: 'fault', point_name: 'VAV-2-06 Zone Temp', priority: null, detail: 'Reliability: no-sensor' })];
  const api = installFakeApi({ user: engineer, handlers: [issues.handler, health.handler] });
  return { ...renderApp(path), api, issues };
}

describe('the issues log screens', () => {
  it('lists the open issues, filters them by status, and creates one of a controller, showing the server\'s refusal under its field', async () => {
    // The first create is refused on its due date, as the server names the field.
    let refused = false;
    const refuseOnce: Handler = (call) => {
      if (refused || call.method !== 'POST') return undefined;
      refused = true;
      return { status: 400, body: { code: 'validation_failed', message: 'The request has invalid or missing fields.', fields: [{ field: 'due_date', message: 'Enter a date as YYYY-MM-DD' }] } };
    };
    const { user, api, issues, location } = open('/commissioning/issues', [refuseOnce]);
    issues.state.issues.push(issue(2, { title: 'Fixed long ago', status_id: 3, status: 'Closed', closed: true }));
    const grid = await screen.findByRole('table', { name: 'Issues' }, { timeout: 15_000 });
    expect(await within(grid).findByText('Damper stuck')).toBeInTheDocument();
    expect(within(grid).queryByText('Fixed long ago')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Export CSV/ })).toHaveAttribute('href', '/api/v2/issues.csv?open=true');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByTitle('In progress'));
    await waitFor(() => expect(api.calls.some((c) => c.path.startsWith('/api/v2/issues?') && c.path.includes('status_id=2'))).toBe(true));

    await user.click(screen.getByRole('button', { name: /New issue/ }));
    const dialog = await dialogTitled('New issue');
    await user.click(within(dialog).getByRole('combobox', { name: 'Controller' }));
    await user.click(await screen.findByTitle('AHU controller'));
    await user.type(within(dialog).getByLabelText('Title'), 'Valve hunting');
    await user.type(within(dialog).getByLabelText('Due date'), '2026-12-01');
    await user.click(within(dialog).getByText('Save', { selector: 'button span' }));
    expect(await within(dialog).findByText('Enter a date as YYYY-MM-DD')).toBeInTheDocument();
    await user.click(within(dialog).getByText('Save', { selector: 'button span' }));
    await waitFor(() => expect(location()).toBe('/commissioning/issues/10'));
    expect(issues.state.created).toEqual([expect.objectContaining({ title: 'Valve hunting', syrx_controller_id: controllerId, due_date: '2026-12-01' })]);
  });

  it('edits an issue\'s status, adds a comment and shows the history', async () => {
    const { user, issues } = open('/commissioning/issues/1');
    expect(await screen.findByRole('heading', { name: 'Issue #1: Damper stuck' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'AHU controller' })).toHaveAttribute('href', `/commissioning/issues?syrx_controller_id=${controllerId}`);
    await user.click(screen.getAllByRole('combobox', { name: 'Status' })[0] as HTMLElement);
    await user.click(await screen.findByTitle('Closed'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(issues.state.patched).toEqual([expect.objectContaining({ status_id: 3, title: 'Damper stuck' })]));
    expect(await screen.findByText('status: Open → Closed')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Comment'), 'Relinquished on site');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText('Relinquished on site')).toBeInTheDocument();
  });

  it('creates one issue of the findings selected in a sweep\'s grid', async () => {
    const { user, issues, location } = open('/commissioning/point-health/sweeps/1');
    const grid = await screen.findByRole('table', { name: 'Findings' }, { timeout: 15_000 });
    expect(screen.getByRole('button', { name: /Create issue/ })).toBeDisabled();
    for (const name of ['VAV-2-02 Damper Position', 'VAV-2-06 Zone Temp']) {
      const row = (await within(grid).findByText(name)).closest('tr') as HTMLElement;
      await user.click(within(row).getByRole('checkbox'));
    }
    await user.click(screen.getByRole('button', { name: /Create issue of 2 findings/ }));
    const dialog = await dialogTitled('New issue');
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Overridden, Fault: 2 points');
    expect(within(dialog).getByText(/Linked to 2 findings/)).toBeInTheDocument();
    await user.click(within(dialog).getByText('Save', { selector: 'button span' }));
    await waitFor(() => expect(location()).toBe('/commissioning/issues/10'));
    expect(issues.state.created).toEqual([expect.objectContaining({ title: 'Overridden, Fault: 2 points', links: { finding_ids: [1, 2] } })]);
  });

  it('says in the form when the assignees could not be loaded, instead of an empty list', async () => {
    const failAssignees: Handler = (call) => (call.method === 'GET' && call.path.split('?')[0]?.endsWith('/assignees') ? { status: 500, body: { code: 'internal', message: 'down' } } : undefined);
    const { user } = open('/commissioning/issues', [failAssignees]);
    await user.click(await screen.findByRole('button', { name: /New issue/ }, { timeout: 15_000 }));
    const dialog = await dialogTitled('New issue');
    expect(await within(dialog).findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent('The assignees could not be loaded');
  });

  it('says when its comments could not be loaded (not "No comments") and when a link could not be removed', async () => {
    const failComments: Handler = (call) => (call.method === 'GET' && call.path.endsWith('/issues/1/comments') ? { status: 503, body: { code: 'unavailable', message: 'The database is busy.' } } : undefined);
    const refuseUnlink: Handler = (call) => (call.method === 'DELETE' && call.path.includes('/issues/1/links/') ? { status: 409, body: { code: 'conflict', message: 'The link changed meanwhile.' } } : undefined);
    const issues = fakeIssuesServer([failComments, refuseUnlink]);
    issues.state.links = [{ id: 5, kind: 'point', target_id: 42, label: 'VAV-2-01 Zone Temp', sweep_id: null }];
    installFakeApi({ user: engineer, handlers: [issues.handler] });
    const { user } = renderApp('/commissioning/issues/1');

    expect(await screen.findByText('The comments could not be loaded', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('The database is busy.')).toBeInTheDocument();
    expect(screen.queryByText('No comments')).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Remove the link to VAV-2-01 Zone Temp' }));
    expect(await screen.findByText('The link could not be removed')).toBeInTheDocument();
    expect(screen.getByText('The link changed meanwhile.')).toBeInTheDocument();
  });
});
