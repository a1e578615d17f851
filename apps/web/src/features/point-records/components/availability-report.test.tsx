import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { adaUser, installFakeApi } from '../../../testing/fake-api';
import { fakePointDataServer } from '../../../testing/fake-point-data';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 20_000 });

const reader = { ...adaUser, permissions: ['group_data_view' as const] };

describe('point data availability report', () => {
  it('shows the share of expected records per point and day as a heatmap, the gaps, and a CSV of the same query', async () => {
    const data = fakePointDataServer();
    data.state.points = [{ kind: 'group', point_id: 9, path: ['Acme Buildings', 'Main meter'], unit: 'kW', earliest: null, latest: null, latest_value: null, count: 240 }];
    data.state.availability = {
      days: ['2026-03-01', '2026-03-02', '2026-03-03'],
      points: [{ point_id: 9, path: ['Acme Buildings', 'Main meter'], interval_seconds: 900, interval_source: 'median', expected_per_day: 96, present: [0, 96, 48], share: [0, 1, 0.5] }],
      gaps: [{ point_id: 9, from: '2026-03-01', to: '2026-03-01', days: 1, missing: 96 }, { point_id: 9, from: '2026-03-03', to: '2026-03-03', days: 1, missing: 48 }],
    };
    const api = installFakeApi({ user: reader, handlers: [data.handler] });
    renderApp('/report-data/availability?kind=group&ids=9&fromDate=03-01-2026&toDate=03-03-2026');

    const heatmap = await screen.findByRole('table', { name: 'Availability heatmap' }, { timeout: 8000 });
    expect(within(heatmap).getByText('Main meter')).toBeInTheDocument();
    expect(within(heatmap).getAllByRole('cell').map((c) => c.getAttribute('title'))).toEqual([
      '2026-03-01: 0 records of 96 (0 %)', '2026-03-02: 96 records of 96 (100 %)', '2026-03-03: 48 records of 96 (50 %)',
    ]);
    const gaps = screen.getByRole('table', { name: 'Gaps' });
    expect(within(gaps).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['Main meter2026-03-012026-03-01196', 'Main meter2026-03-032026-03-03148']);
    expect(api.calls.find((c) => c.path.startsWith('/api/v2/group-point-records/availability'))?.path).toBe('/api/v2/group-point-records/availability?point_ids=9&from=2026-03-01&to=2026-03-03');
    expect(screen.getByRole('link', { name: /Export CSV/ })).toHaveAttribute('href', '/api/v2/group-point-records/availability.csv?point_ids=9&from=2026-03-01&to=2026-03-03');
  });
});
