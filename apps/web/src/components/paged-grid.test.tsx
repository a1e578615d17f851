import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { PagedGrid, gridMinWidth, usePagedGrid } from './paged-grid';

interface Row { id: number; name: string }
const rows: Row[] = [{ id: 1, name: 'First' }, { id: 2, name: 'Second' }];
const seen: { sort: unknown; paging: unknown }[] = [];

type Source = Parameters<typeof PagedGrid<Row>>[0]['source'];
const loaded: Source = { data: { items: rows, total: 45 }, isPending: false, isPlaceholderData: false, error: null };

function Harness({ source = loaded }: { source?: Source }) {
  const grid = usePagedGrid([{ field: 'name', dir: 'asc' }], 20);
  seen.push({ sort: grid.sort, paging: grid.paging });
  return (
    <PagedGrid<Row>
      label="Things"
      grid={grid}
      columns={[{ title: 'Name', dataIndex: 'name', key: 'name', sorter: true }, { title: 'Id', dataIndex: 'id', width: 90 }]}
      rowKey="id"
      what="things"
      source={source}
      pageSizes={[20, 50]}
    />
  );
}

describe('paged grid', () => {
  it('shows the rows, the total, and the sort and page the user picks', async () => {
    render(<Harness />);
    const grid = screen.getByRole('table', { name: 'Things' });
    expect(within(grid).getByText('Second')).toBeInTheDocument();
    expect(screen.getByText('1-20 of 45 things')).toBeInTheDocument();
    await userEvent.click(within(grid).getByRole('columnheader', { name: /Name/ }));
    expect(seen.at(-1)).toEqual({ sort: [{ field: 'name', dir: 'asc' }], paging: { current: 1, pageSize: 20 } });
    await userEvent.click(screen.getByTitle('2'));
    expect(seen.at(-1)?.paging).toEqual({ current: 2, pageSize: 20 });
  });

  it('says when the page could not be loaded', () => {
    render(<Harness source={{ data: undefined, isPending: false, isPlaceholderData: false, error: new Error('offline') }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The things could not be loaded');
    expect(screen.queryByText('No things')).not.toBeInTheDocument();
  });

  it('says "No things" only once a page has come back empty, not while one loads', () => {
    const empty = { items: [], total: 0 };
    const { rerender } = render(<Harness source={{ data: undefined, isPending: true, isPlaceholderData: false, error: null }} />);
    expect(screen.queryByText('No things')).not.toBeInTheDocument();
    // The previous (empty) page stays shown while the next one loads.
    rerender(<Harness source={{ data: empty, isPending: false, isPlaceholderData: true, error: null }} />);
    expect(screen.queryByText('No things')).not.toBeInTheDocument();
    rerender(<Harness source={{ data: empty, isPending: false, isPlaceholderData: false, error: null }} />);
    expect(screen.getByText('No things')).toBeInTheDocument();
  });

  it('lays the columns out to the window, scrolling only below their least width', () => {
    render(<Harness />);
    const table = screen.getByRole('table', { name: 'Things' });
    expect(table.style.tableLayout).toBe('fixed');
    expect(table.style.width).toBe('190px');
    expect(gridMinWidth([{ title: 'Name' }, { title: 'Id', width: 90 }], true)).toBe(238);
  });
});
