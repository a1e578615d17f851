import type { ReactNode } from 'react';
import type { TableColumnType } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { Link } from 'react-router';
import type { BacnetDevice } from '@syrx/contracts/devices';
import type { Sort } from '@syrx/contracts/grid';
import { formatOptionalDateTime } from '../../../lib/date-format';
import { destinationText, deviceLabel, deviceMac } from '../utils/device-status';
import { devicePaths } from '../utils/device-paths';
import { StatusTag } from './status-tag';

type Column = TableColumnType<BacnetDevice> & { extra?: boolean };

/** "11/26/2026 10:25:04 pm" on one line. */
const dateWidth = 180;

/**
 * The devices grid's columns; `extra` ones show only with "Show extra columns" (hidden by default, spec 01 section 9).
 * Name, vendor and description share what the others leave (at least 100 px each, see `gridMinWidth`).
 */
export function deviceColumns(controllerId: string, sort: readonly Sort[], showExtra: boolean): Column[] {
  const order = (field: string): SortOrder => {
    const dir = sort.find((s) => s.field === field)?.dir;
    return dir === undefined ? null : dir === 'asc' ? 'ascend' : 'descend';
  };
  const sorted = (title: string, key: string, width: number | undefined, render: (d: BacnetDevice) => ReactNode, extra = false): Column => ({
    title, key, width, sorter: true, sortOrder: order(key), render: (_v, d) => render(d), extra,
  });
  const paths = devicePaths(controllerId);
  const columns: Column[] = [
    sorted('Id', 'id', 80, (d) => d.id, true),
    sorted('Instance number', 'instance_number', 130, (d) => d.instance_number),
    sorted('Name', 'name', undefined, (d) => (
      <Link to={paths.device(d.id)} onClick={(e) => e.stopPropagation()}>
        {deviceLabel(d)}
      </Link>
    )),
    sorted('MAC address', 'mac_address', 170, (d) => deviceMac(d)),
    sorted('Destination', 'destination_mac_address', 150, (d) => destinationText(d), true),
    sorted('Vendor name', 'vendor_name', undefined, (d) => d.vendor_name ?? ''),
    sorted('Description', 'description', undefined, (d) => d.description ?? '', true),
    sorted('Points', 'point_count', 90, (d) => d.point_count, true),
    sorted('Last available', 'last_available_on', dateWidth, (d) => formatOptionalDateTime(d.last_available_on)),
    sorted('Last point discovery', 'last_point_discovery', dateWidth, (d) => formatOptionalDateTime(d.last_point_discovery), true),
    sorted('Status', 'status', 110, (d) => <StatusTag status={d.status} />),
  ];
  return columns.filter((c) => showExtra || !c.extra).map(({ extra: _extra, ...c }) => c);
}

