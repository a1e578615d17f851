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

/** The devices grid's columns; `extra` ones show only with "Show extra columns" (hidden by default, spec 01 section 9). */
export function deviceColumns(controllerId: string, sort: readonly Sort[], showExtra: boolean): Column[] {
  const order = (field: string): SortOrder => {
    const dir = sort.find((s) => s.field === field)?.dir;
    return dir === undefined ? null : dir === 'asc' ? 'ascend' : 'descend';
  };
  const sorted = (title: string, key: string, render: (d: BacnetDevice) => ReactNode, extra = false): Column => ({
    title, key, sorter: true, sortOrder: order(key), render: (_v, d) => render(d), extra,
  });
  const paths = devicePaths(controllerId);
  const columns: Column[] = [
    sorted('Id', 'id', (d) => d.id, true),
    sorted('Instance number', 'instance_number', (d) => d.instance_number),
    sorted('Name', 'name', (d) => (
      <Link to={paths.device(d.id)} onClick={(e) => e.stopPropagation()}>
        {deviceLabel(d)}
      </Link>
    )),
    sorted('MAC address', 'mac_address', (d) => deviceMac(d)),
    sorted('Destination', 'destination_mac_address', (d) => destinationText(d), true),
    sorted('Vendor name', 'vendor_name', (d) => d.vendor_name ?? ''),
    sorted('Description', 'description', (d) => d.description ?? '', true),
    sorted('Points', 'point_count', (d) => d.point_count, true),
    sorted('Last available', 'last_available_on', (d) => formatOptionalDateTime(d.last_available_on)),
    sorted('Last point discovery', 'last_point_discovery', (d) => formatOptionalDateTime(d.last_point_discovery), true),
    sorted('Status', 'status', (d) => <StatusTag status={d.status} />),
  ];
  return columns.filter((c) => showExtra || !c.extra).map(({ extra: _extra, ...c }) => c);
}

