import { type Key, type ReactNode, useState } from 'react';
import { Flex, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import type { Sort } from '@syrx/contracts/grid';
import { type FindingsFilter, type PointHealthFinding, pointHealthCategoryLabels, type PointHealthSweep } from '@syrx/contracts/point-health';
import { objectIdLabel } from '@syrx/contracts/bacnet';
import { PagedGrid, sortableColumn, usePagedGrid } from '../../../components/paged-grid';
import { useFindings } from '../api/point-health';
import { deviceLabel, flagsSet, pointLabel, valueText } from '../utils/point-health-format';
import { RelinquishButton } from './relinquish-button';

const pageSizes = [25, 50, 100, 200];
const changeColours = { new: 'red', unchanged: 'default', resolved: 'green' } as const;

/** The priority array's held slots as "8: 100, 16: 0" (the tooltip of the slot). */
const heldSlots = (f: PointHealthFinding): string =>
  (f.priority_array ?? []).flatMap((v, i) => (v === null ? [] : [`${i + 1}: ${valueText(v)}`])).join(', ');

function columns(sort: readonly Sort[]): TableColumnsType<PointHealthFinding> {
  return [
    { title: 'Category', dataIndex: 'category', width: 120, ...sortableColumn(sort, 'category'), render: (c: PointHealthFinding['category']) => pointHealthCategoryLabels[c] },
    { title: 'Controller', dataIndex: 'syrx_controller_name', width: 160, ...sortableColumn(sort, 'syrx_controller_name') },
    { title: 'Device', width: 140, ...sortableColumn(sort, 'device_name'), render: (_, f) => <span title={`Device ${f.device_instance}`}>{deviceLabel(f)}</span> },
    {
      title: 'Point', width: 230, ...sortableColumn(sort, 'point_name'),
      render: (_, f) => (f.object_type === null ? '' : <span title={objectIdLabel(f.object_type, f.instance_number ?? 0)}>{pointLabel(f)}</span>),
    },
    { title: 'Value', key: 'value', width: 130, render: (_, f) => valueText(f.present_value, f.units) },
    { title: 'Flags', key: 'flags', width: 140, render: (_, f) => <Flex wrap gap={2}>{flagsSet(f.status_flags).map((flag) => <Tag key={flag}>{flag}</Tag>)}</Flex> },
    {
      title: 'Priority', dataIndex: 'priority', width: 80, align: 'right', ...sortableColumn(sort, 'priority'),
      render: (p: number | null, f) => (p === null ? '' : <Tooltip title={`Priority array: ${heldSlots(f)}; relinquish default ${valueText(f.relinquish_default)}`}><span>{p}</span></Tooltip>),
    },
    { title: 'Detail', dataIndex: 'detail', render: (d: string | null) => <Typography.Text>{d}</Typography.Text> },
    { title: 'Change', dataIndex: 'change', width: 100, render: (c: PointHealthFinding['change']) => (c ? <Tag color={changeColours[c]}>{c}</Tag> : '') },
    { title: '', key: 'action', width: 160, render: (_, f) => <RelinquishButton finding={f} /> },
  ];
}

/** What a page offers for the findings selected in the grid (the issues log's "Create issue"); the grid selects rows only with it. */
export type FindingActions = (selected: PointHealthFinding[]) => ReactNode;

/** A sweep's findings of the filter, paged and sorted by the server; with `actions`, rows to select and act on. */
export function FindingsGrid({ sweep, filter, actions }: { sweep: PointHealthSweep; filter: FindingsFilter; actions?: FindingActions | undefined }) {
  const grid = usePagedGrid([], 50);
  const [first] = grid.sort;
  const page = useFindings(sweep, { ...filter, page: grid.paging.current, page_size: grid.paging.pageSize, sort: first ? `${first.field}:${first.dir}` : undefined });
  const [selected, setSelected] = useState<PointHealthFinding[]>([]);
  const selection = actions ? { selectedRowKeys: selected.map((f) => f.id), preserveSelectedRowKeys: true, onChange: (_: Key[], rows: PointHealthFinding[]) => setSelected(rows) } : undefined;
  return (
    <>
      {actions && <Flex gap={8} align="center">{actions(selected)}</Flex>}
      <PagedGrid<PointHealthFinding> label="Findings" what="findings" grid={grid} columns={columns(grid.sort)} rowKey="id" source={page} pageSizes={pageSizes} rowSelection={selection} />
    </>
  );
}
