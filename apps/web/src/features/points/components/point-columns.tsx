import type { ReactNode } from 'react';
import { Checkbox, Tag, type TableColumnType } from 'antd';
import type { FilterValue, SortOrder } from 'antd/es/table/interface';
import type { Sort } from '@syrx/contracts/grid';
import type { BacnetPoint } from '@syrx/contracts/points';
import { objectTypeLabel, objectTypeOptions, standardObjectName, standardObjectTypeName } from '@syrx/contracts/bacnet';
import { formatOptionalDateTime } from '../../../lib/date-format';
import { formatPointValue } from '../../../lib/value-format';
import { TextFilter } from './text-filter';

type Column = TableColumnType<BacnetPoint>;

/** "11/26/2026 10:25:04 pm" on one line. */
const dateWidth = 180;

/** One line of a cell, cut with an ellipsis when longer than the column (hover shows it whole where it is text). */
function Clipped({ children }: { children: ReactNode }) {
  const whole = typeof children === 'string' || typeof children === 'number' ? String(children) : undefined;
  return (
    <div title={whole} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
      {children}
    </div>
  );
}

export interface PointColumnOptions {
  sort: readonly Sort[];
  filters: Record<string, FilterValue | null>;
  withDevice: boolean;
  showDates: boolean;
  onSelectForReporting: (point: BacnetPoint, selected: boolean) => void;
}

const yesNo = [
  { text: 'Yes', value: 'true' },
  { text: 'No', value: 'false' },
];
const typeFilters = objectTypeOptions.map((o) => ({ text: standardObjectTypeName(objectTypeLabel(o.value)), value: o.value }));

/**
 * The points grid's columns; every column has a width, which the virtual table needs, wide enough for the longest word
 * of its title beside its sort and filter icons (issue 24: titles were cut at 1440 px).
 */
export function pointColumns(o: PointColumnOptions): Column[] {
  const order = (key: string): SortOrder => {
    const dir = o.sort.find((s) => s.field === key)?.dir;
    return dir === undefined ? null : dir === 'asc' ? 'ascend' : 'descend';
  };
  // A cell's text ends in an ellipsis when it is too long; the header's title wraps instead, so it always shows whole.
  const col = (title: string, key: string, width: number, render: (p: BacnetPoint) => ReactNode): Column => ({
    title, key, width, sorter: true, sortOrder: order(key), filteredValue: o.filters[key] ?? null, render: (_v, p) => <Clipped>{render(p)}</Clipped>,
  });
  const text = (c: Column, title: string): Column => ({ ...c, filterDropdown: (props) => <TextFilter {...props} title={title} /> });
  const dates: Column[] = [
    col('First seen', 'first_seen_on', dateWidth, (p) => formatOptionalDateTime(p.first_seen_on)),
    col('Last seen', 'last_seen_on', dateWidth, (p) => formatOptionalDateTime(p.last_seen_on)),
    col('Last missed', 'last_missed_on', dateWidth, (p) => formatOptionalDateTime(p.last_missed_on)),
    col('Latest record', 'reporting_latest_record_date', dateWidth, (p) => formatOptionalDateTime(p.reporting_latest_record_date)),
    { ...col('Earliest record', 'reporting_earliest_record_date', dateWidth, (p) => formatOptionalDateTime(p.reporting_earliest_record_date)), sorter: false },
  ];
  return [
    ...(o.withDevice ? [text(col('Device', 'syrx_controller_bacnet_device_name', 160, (p) => p.syrx_controller_bacnet_device_name ?? ''), 'Device')] : []),
    // The standard's names, the console's keys (OBJECT_ANALOG_INPUT:1) on hover.
    text(col('Object', 'object_id', 170, (p) => <span title={p.object_id}>{standardObjectName(p.object_id)}</span>), 'Object'),
    {
      ...col('Object type', 'object_type', 170, (p) => <span title={p.object_type_name}>{standardObjectTypeName(p.object_type_name)}</span>),
      filters: typeFilters, filterMultiple: false, filterSearch: true,
    },
    col('Instance', 'instance_number', 100, (p) => p.instance_number),
    text(col('Name', 'name', 200, (p) => p.name ?? ''), 'Name'),
    text(col('Description', 'description', 200, (p) => p.description ?? ''), 'Description'),
    text(col('Units', 'units', 140, (p) => p.units ?? ''), 'Units'),
    {
      ...col('Available', 'is_available', 130, (p) => (p.is_available ? <Tag color="green">yes</Tag> : <Tag color="red">no</Tag>)),
      filters: yesNo,
      filterMultiple: false,
    },
    {
      ...col('Selected for reporting', 'reporting_is_selected_for_reporting', 130, (p) => (
        <Checkbox
          aria-label={`Select ${p.object_id} for reporting`}
          checked={p.reporting_is_selected_for_reporting}
          onChange={(e) => o.onSelectForReporting(p, e.target.checked)}
        />
      )),
      filters: yesNo,
      filterMultiple: false,
    },
    { ...col('Latest value', 'reporting_latest_value', 120, (p) => formatPointValue(p.reporting_latest_value)), sorter: false },
    ...(o.showDates ? dates : []),
  ];
}
