import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { type Handler, type RecordedCall, installFakeApi } from '../../../testing/fake-api';
import { adminUser } from '../../../testing/fake-controllers';
import { demoPoints, fakeJobsServer } from '../../../testing/fake-jobs';
import { renderApp } from '../../../testing/render-app';
import { openTreePath } from '../../../testing/user-steps';

vi.setConfig({ testTimeout: 30_000 });

const mover = { ...adminUser, permissions: ['move_vendor_point_records' as const] };
const posts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/api/v2/vendor_point_record_move_jobs');

function open(overrides: Handler[] = []) {
  const server = fakeJobsServer(overrides);
  demoPoints(server.state);
  const api = installFakeApi({ user: mover, handlers: [server.handler] });
  return { ...renderApp('/admin/move-vendor-point-data/new'), api, server };
}

/** Opens the nodes along `path` in one side's tree and answers the last node's title element. */
async function openPath(user: UserEvent, side: 'Source' | 'Destination', path: string[]): Promise<HTMLElement> {
  const region = await screen.findByRole('region', { name: side }, { timeout: 8000 });
  await openTreePath(user, region, path.slice(0, -1));
  return within(region).findByText(path.at(-1) ?? '', {}, { timeout: 8000 });
}

/** Switches one side's tree to the PCS points (antd's radio buttons take the click on their label). */
async function showPcsPoints(user: UserEvent, side: 'Source' | 'Destination') {
  await user.click(within(await screen.findByRole('region', { name: side }, { timeout: 8000 })).getByText('PCS points'));
}

function dragOnto(source: HTMLElement, destination: HTMLElement) {
  const dataTransfer = { setData: vi.fn(), getData: vi.fn(), effectAllowed: 'none', dropEffect: 'none' };
  fireEvent.dragStart(source, { dataTransfer });
  fireEvent.dragEnter(destination, { dataTransfer });
  fireEvent.dragOver(destination, { dataTransfer });
  fireEvent.drop(destination, { dataTransfer });
  fireEvent.dragEnd(source, { dataTransfer });
}

describe('move wizard', () => {
  it('keeps Submit disabled while the queue is empty, queues a source point dropped on a destination point, and posts it', async () => {
    const { api, user, location } = open();
    const submit = await screen.findByRole('button', { name: 'Submit' }, { timeout: 8000 });
    expect(submit).toBeDisabled();

    const source = await openPath(user, 'Source', ['invensys', 'AHU-1', 'SAT', 'PV (10 records)']);
    await showPcsPoints(user, 'Destination');
    const destination = await openPath(user, 'Destination', ['Plant', 'Chiller 1', 'CHWST (3 records)']);
    dragOnto(source, destination);

    const entry = await screen.findByRole('group', { name: 'Move invensys|AHU-1|SAT|PV to Plant / Chiller 1 / CHWST' });
    expect(within(entry).getByRole('checkbox', { name: 'All records' })).toBeChecked();
    expect(within(entry).getByRole('radio', { name: 'Copy' })).toBeChecked();
    expect(within(entry).getByRole('checkbox', { name: 'Remap equipment points' })).toBeChecked();
    expect(within(entry).getByText('vendor point 1')).toBeInTheDocument();
    expect(within(entry).getByText('PCS point 4')).toBeInTheDocument();
    expect(submit).toBeEnabled();

    await user.click(submit);
    await waitFor(() => expect(location()).toBe('/admin/move-vendor-point-data'));
    expect(posts(api.calls).map((c) => c.body)).toEqual([[{
      source_data_point_name: 'invensys|AHU-1|SAT|PV', source_vendor_point_id: 1, source_pcs_point_id: null, source_syrx_controller_bacnet_point_id: null,
      destination_data_point_name: 'Plant / Chiller 1 / CHWST', destination_vendor_point_id: null, destination_pcs_point_id: 4, destination_syrx_controller_bacnet_point_id: null,
      full_time_range: true, start_date: null, end_date: null, source_record_handling: 'copy', remap_equipment_points: true,
    }]]);

    // The queue does not outlive the wizard: opening it again starts empty.
    await user.click(await screen.findByRole('button', { name: /New/ }, { timeout: 8000 }));
    expect(await screen.findByText('Queue (0)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('sends a date range with the inclusive end as the next midnight UTC, and shows why the server refused', async () => {
    const refuse: Handler = (c) => (c.method === 'POST' ? { status: 400, body: { code: 'bad_request', message: 'The destination point does not exist.' } } : undefined);
    const { api, user, location } = open([refuse]);
    // Picking a point in each tree and Add selected points queues the pair as dragging would.
    await user.click(await openPath(user, 'Source', ['JCI', 'VAV-3', 'ZN-T (10 records)']));
    await user.click(await openPath(user, 'Destination', ['invensys', 'AHU-1', 'SAT', 'SP (10 records)']));
    await user.click(screen.getByRole('button', { name: 'Add selected points' }));
    const entry = await screen.findByRole('group', { name: 'Move JCI|VAV-3|ZN-T to invensys|AHU-1|SAT|SP' });

    await user.click(within(entry).getByRole('checkbox', { name: 'All records' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await within(entry).findByText('Choose a start date and an end date, or All records.')).toBeInTheDocument();
    expect(posts(api.calls)).toHaveLength(0);

    fireEvent.change(within(entry).getByLabelText('Start date'), { target: { value: '2025-03-01' } });
    fireEvent.change(within(entry).getByLabelText('End date (inclusive)'), { target: { value: '2025-03-31' } });
    await user.click(within(entry).getByText('Move', { exact: true }));
    await user.click(within(entry).getByRole('checkbox', { name: 'Remap equipment points' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('The destination point does not exist.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/admin/move-vendor-point-data/new'));
    expect(posts(api.calls)[0]?.body).toEqual([expect.objectContaining({
      source_vendor_point_id: 3, destination_vendor_point_id: 2, full_time_range: false,
      start_date: '2025-03-01T00:00:00.000Z', end_date: '2025-04-01T00:00:00.000Z', source_record_handling: 'move', remap_equipment_points: false,
    })]);
  });

  it('pairs a source with a destination from the keyboard alone: arrows and Enter in each tree, then Add selected points', async () => {
    const { api, user } = open();
    const tree = async (side: 'Source' | 'Destination') => {
      const region = await screen.findByRole('region', { name: side }, { timeout: 8000 });
      await within(region).findByText('JCI', {}, { timeout: 8000 });
      return { region, tree: within(region).getByRole('tree') };
    };
    const press = async (keys: string, region: HTMLElement, until?: string) => {
      await user.keyboard(keys);
      if (until) await within(region).findByText(until, {}, { timeout: 8000 });
    };

    // Source: JCI › VAV-3 › ZN-T (the second vendor, its only device and point). Home: the tree's first node.
    const source = await tree('Source');
    source.tree.focus();
    await press('{Home}{ArrowDown}{ArrowRight}', source.region, 'VAV-3');
    await press('{ArrowDown}{ArrowRight}', source.region, 'ZN-T (10 records)');
    await press('{ArrowDown}{Enter}', source.region);
    expect(await screen.findByTestId('selected-pair')).toHaveTextContent('Source: JCI|VAV-3|ZN-T · Destination: none selected');
    expect(screen.getByRole('button', { name: 'Add selected points' })).toBeDisabled();

    // Destination: invensys › AHU-1 › SAT › SP (the second point).
    const destination = await tree('Destination');
    destination.tree.focus();
    await press('{Home}{ArrowRight}', destination.region, 'AHU-1');
    await press('{ArrowDown}{ArrowRight}', destination.region, 'SAT');
    await press('{ArrowDown}{ArrowRight}', destination.region, 'SP (10 records)');
    await press('{ArrowDown}{ArrowDown}{Enter}', destination.region);
    expect(screen.getByTestId('selected-pair')).toHaveTextContent('Source: JCI|VAV-3|ZN-T · Destination: invensys|AHU-1|SAT|SP');

    const add = screen.getByRole('button', { name: 'Add selected points' });
    expect(add).toBeEnabled();
    add.focus();
    await user.keyboard('{Enter}');
    const entry = await screen.findByRole('group', { name: 'Move JCI|VAV-3|ZN-T to invensys|AHU-1|SAT|SP' });
    expect(within(entry).getByRole('checkbox', { name: 'All records' })).toBeChecked();
    // The destination is taken; the source stays selected for the next pair.
    expect(screen.getByTestId('selected-pair')).toHaveTextContent('Source: JCI|VAV-3|ZN-T · Destination: none selected');
    screen.getByRole('button', { name: 'Submit' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(posts(api.calls)).toHaveLength(1));
    expect(posts(api.calls)[0]?.body).toEqual([expect.objectContaining({ source_vendor_point_id: 3, destination_vendor_point_id: 2, full_time_range: true })]);
  });

  it('refuses a point dropped onto itself, and empties the queue again on Remove', async () => {
    const { user } = open();
    const source = await openPath(user, 'Source', ['JCI', 'VAV-3', 'ZN-T (10 records)']);
    const destination = await openPath(user, 'Destination', ['JCI', 'VAV-3', 'ZN-T (10 records)']);
    dragOnto(source, destination);
    expect(await screen.findByText('A point cannot be moved onto itself.')).toBeInTheDocument();
    expect(screen.getByText('Queue (0)')).toBeInTheDocument();

    await showPcsPoints(user, 'Source');
    dragOnto(await openPath(user, 'Source', ['Plant', 'Chiller 1', 'CHWRT (0 records)']), destination);
    const entry = await screen.findByRole('group', { name: 'Move Plant / Chiller 1 / CHWRT to JCI|VAV-3|ZN-T' });
    expect(screen.getByText('Queue (1)')).toBeInTheDocument();
    await user.click(within(entry).getByRole('button', { name: /Remove/ }));
    expect(screen.getByText('Queue (0)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('shows a level of more than 20 entries as page groups of 20 that load their page when opened', async () => {
    const { api, user, server } = open();
    server.state.sites = Array.from({ length: 25 }, (_, i) => ({ id: 100 + i, site_name: `Site ${String(i + 1).padStart(2, '0')}`, device_count: 0 }));
    await showPcsPoints(user, 'Source');
    const groups = await openPath(user, 'Source', ['[1 - 20]']);
    expect(within(screen.getByRole('region', { name: 'Source' })).getByText('[21 - 25]')).toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).toContain('/api/PcsSites/count');
    expect(api.calls.some((c) => c.path.startsWith('/api/PcsSites?'))).toBe(false);

    await openPath(user, 'Source', ['[21 - 25]', 'Site 25']);
    expect(api.calls.find((c) => c.path.startsWith('/api/PcsSites?'))?.path).toBe('/api/PcsSites?skip=20&take=20&sort=site_name%3Aasc');
    expect(groups).toBeInTheDocument();
  });

  it('is refused without move_vendor_point_records', async () => {
    installFakeApi({ user: adminUser, handlers: [fakeJobsServer().handler] });
    renderApp('/admin/move-vendor-point-data/new');
    expect(await screen.findByText('Moving vendor point data needs the permission Move vendor point records (move_vendor_point_records).', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
