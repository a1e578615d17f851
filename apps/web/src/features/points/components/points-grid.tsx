import { useMemo, useState } from 'react';
import { Alert, Flex, Switch, Table } from 'antd';
import type { FilterValue } from 'antd/es/table/interface';
import type { Sort } from '@syrx/contracts/grid';
import type { BacnetPoint } from '@syrx/contracts/points';
import { skipTake } from '../../../lib/grid-query';
import { type PointScope, usePointPage } from '../api/points';
import { useReportingSelection } from '../api/reporting-selection';
import { toGridFilters } from '../utils/grid-filters';
import { pointColumns } from './point-columns';
import { ReportingLink } from './reporting-link';
import { ReportingServiceOff } from './reporting-service-off';
import { sortFromSorter } from '../../../lib/table-sort';
import { serverPagination, loadedEmptyText } from '../../../components/paged-grid';

export const pointPageSizes = [20, 50, 100, 500, 1000, 2000];
const defaultPageSize = 100;
/** The grid's own scroll height: rows outside it are not rendered (antd's virtual table). */
const gridHeight = 560;
const selectionWidth = 48;

const toggle = (label: string, checked: boolean, onChange: (on: boolean) => void) => (
  <label style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
    <Switch size="small" checked={checked} onChange={onChange} aria-label={label} />
    {label}
  </label>
);

interface PointsGridProps {
  scope: PointScope;
  /** Column filters the grid opens with (the user may change them), by column key. */
  initialFilters?: Record<string, FilterValue | null>;
  /** Ask for the page again at this interval, in milliseconds. */
  refreshMs?: number;
}

/**
 * The points of a device or of the whole controller (with a Device column): paged, sorted and filtered by the
 * server, virtualised so a page of 2000 points scrolls smoothly. Date columns and unavailable points show by
 * default (spec 01 section 9). Selected rows feed the point-reporting link.
 */
export function PointsGrid({ scope, initialFilters = {}, refreshMs }: PointsGridProps) {
  const [paging, setPaging] = useState({ current: 1, pageSize: defaultPageSize });
  const [sort, setSort] = useState<Sort[]>([]);
  const [columnFilters, setColumnFilters] = useState<Record<string, FilterValue | null>>(initialFilters);
  const [showDates, setShowDates] = useState(true);
  const [showUnavailable, setShowUnavailable] = useState(true);
  const [selected, setSelected] = useState<ReadonlyMap<number, BacnetPoint>>(new Map());
  const filters = useMemo(() => toGridFilters(columnFilters), [columnFilters]);
  const { page, count } = usePointPage(scope, { showUnavailable, ...skipTake(paging), sort, filters }, refreshMs);
  const reporting = useReportingSelection(scope.controllerId);

  const columns = pointColumns({
    sort, filters: columnFilters, withDevice: scope.deviceId === undefined, showDates,
    onSelectForReporting: (point, on) => reporting.mutate({ point, selected: on }),
  });
  const width = columns.reduce((sum, c) => sum + Number(c.width ?? 120), selectionWidth);
  const error = page.error ?? count.error;
  const firstPage = () => setPaging((p) => ({ ...p, current: 1 }));

  return (
    <Flex vertical gap={12}>
      <Flex gap={16} wrap align="center">
        {toggle('Show date columns', showDates, setShowDates)}
        {toggle('Show unavailable points', showUnavailable, (on) => {
          setShowUnavailable(on);
          firstPage();
        })}
        <span style={{ marginLeft: 'auto' }}>
          <ReportingLink points={[...selected.values()]} onClear={() => setSelected(new Map())} />
        </span>
      </Flex>
      {error && <Alert type="error" showIcon role="alert" title={error.message} />}
      <ReportingServiceOff controllerId={scope.controllerId} anySelected={(page.data ?? []).some((p) => p.reporting_is_selected_for_reporting)} />
      <Table<BacnetPoint>
        virtual
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={page.data}
        loading={page.isFetching}
        scroll={{ x: width, y: gridHeight }}
        rowSelection={{
          columnWidth: selectionWidth,
          preserveSelectedRowKeys: true,
          selectedRowKeys: [...selected.keys()],
          onChange: (_keys, rows) => setSelected(new Map(rows.filter(Boolean).map((r) => [r.id, r]))),
        }}
        onChange={(pagination, tableFilters, sorter) => {
          const filtersChanged = JSON.stringify(tableFilters) !== JSON.stringify(columnFilters);
          setColumnFilters(tableFilters);
          setSort(sortFromSorter(sorter));
          setPaging({ current: filtersChanged ? 1 : (pagination.current ?? 1), pageSize: pagination.pageSize ?? defaultPageSize });
        }}
        pagination={serverPagination(paging, count.data ?? 0, pointPageSizes, 'points')}
        locale={{ emptyText: loadedEmptyText(page, 'No points') }}
      />
    </Flex>
  );
}
