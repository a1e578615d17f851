import { useState } from 'react';
import { Alert, Button, Space, Table } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { BacnetDevice } from '@syrx/contracts/devices';
import type { Sort } from '@syrx/contracts/grid';
import { skipTake } from '../../../lib/grid-query';
import { deviceCountQueryOptions, deviceListQueryOptions } from '../api/devices';
import { useDiscoverDevicesMessage } from '../api/discover-message';
import { devicePaths } from '../utils/device-paths';
import { sortFromSorter } from '../../../lib/table-sort';
import { deviceColumns } from './device-columns';
import { devicePageSize } from './device-list';
import { Page } from '../../../components/page';
import { serverPagination, loadedEmptyText } from '../../../components/paged-grid';

/** While a background discovery runs, the list looks for the devices it adds. */
const refreshMs = 5000;

/**
 * …/devices-old, the earlier list: every device of the controller, Manually add device, and Discover devices as
 * a background message to the BACnet network query service (its devices arrive in the list as pending).
 */
export function OlderDeviceList({ controllerId }: { controllerId: string }) {
  const navigate = useNavigate();
  const paths = devicePaths(controllerId);
  const [paging, setPaging] = useState({ current: 1, pageSize: devicePageSize });
  const [sort, setSort] = useState<Sort[]>([]);
  const discover = useDiscoverDevicesMessage(controllerId);
  const refetchInterval = discover.isSuccess ? refreshMs : false;
  const page = useQuery({ ...deviceListQueryOptions(controllerId, { showUnavailable: true, ...skipTake(paging), sort }), placeholderData: keepPreviousData, refetchInterval });
  const count = useQuery({ ...deviceCountQueryOptions(controllerId, true), refetchInterval });
  const error = page.error ?? count.error;

  return (
    <Page title="BACnet devices" gap={12}>
      <Space>
        <Button onClick={() => void navigate(paths.add)}>Manually add device</Button>
        <Button loading={discover.isPending} onClick={() => discover.mutate()}>
          Discover devices
        </Button>
      </Space>
      {discover.isSuccess && (
        <Alert type="info" showIcon title={`Discovery message ${discover.data.id} sent: devices found are added as pending and appear below.`} />
      )}
      {discover.error && <Alert type="error" showIcon role="alert" title={`Discovery could not be started: ${discover.error.message}`} />}
      {error && <Alert type="error" showIcon role="alert" title={error.message} />}
      <Table<BacnetDevice>
        rowKey="id"
        size="middle"
        columns={deviceColumns(controllerId, sort, true)}
        dataSource={page.data}
        loading={page.isFetching && !discover.isSuccess}
        onRow={(d) => ({ onClick: () => void navigate(paths.device(d.id)), style: { cursor: 'pointer' } })}
        onChange={(pagination, _filters, sorter) => {
          setSort(sortFromSorter(sorter));
          setPaging({ current: pagination.current ?? 1, pageSize: pagination.pageSize ?? devicePageSize });
        }}
        pagination={serverPagination(paging, count.data ?? 0, [20, 50, 100])}
        locale={{ emptyText: loadedEmptyText(page, 'No devices') }}
        scroll={{ x: 'max-content' }}
      />
    </Page>
  );
}
