import { useState } from 'react';
import { Alert, Table } from 'antd';
import { useNavigate } from 'react-router';
import type { BacnetDevice } from '@syrx/contracts/devices';
import type { Sort } from '@syrx/contracts/grid';
import { skipTake } from '../../../lib/grid-query';
import { useAgentConnection } from '../../../lib/realtime/realtime-provider';
import { useDevicePage } from '../api/devices';
import { useRunDeviceAction } from '../hooks/use-run-device-action';
import { devicePaths } from '../utils/device-paths';
import { sortFromSorter } from '../../../lib/table-sort';
import { gridMinWidth, serverPagination, loadedEmptyText } from '../../../components/paged-grid';
import { rowActionsMenuWidth } from '../../../components/row-actions';
import { useElementWidth } from '../../../components/use-element-width';
import { deviceColumns } from './device-columns';
import { DeviceRowActions } from './device-row-actions';
import { DeviceToolbar } from './device-toolbar';
import { DiscoveryDialog } from './discovery-dialog';
import { ReloadDevicesDialog } from './reload-devices-dialog';
import { Page } from '../../../components/page';

export const devicePageSize = 20;
/** The row's actions as buttons: Reload device, Reload points and Ignore side by side. */
const actionButtonsWidth = 290;
const selectionWidth = 48;

/** A click on the row's checkbox, buttons or links does its own thing rather than open the device. */
const isControl = (target: EventTarget) => target instanceof Element && target.closest('.ant-table-selection-column, button, a, input, label') !== null;

/**
 * …/devices, the live view: a paged, sortable grid of the controller's devices with their actions, disabled while
 * the server socket or the agent is down; Discover devices, Add device and Reload devices (the selected rows, or
 * every device on the page that can be reloaded).
 */
export function DeviceList({ controllerId }: { controllerId: string }) {
  const navigate = useNavigate();
  const paths = devicePaths(controllerId);
  const connection = useAgentConnection(controllerId);
  const [paging, setPaging] = useState({ current: 1, pageSize: devicePageSize });
  const [sort, setSort] = useState<Sort[]>([]);
  const [showUnavailable, setShowUnavailable] = useState(false);
  const [showExtra, setShowExtra] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<'discover' | 'reload' | null>(null);
  const { page, count } = useDevicePage(controllerId, { showUnavailable, ...skipTake(paging), sort });
  const { run, running } = useRunDeviceAction(controllerId);

  const rows = page.data ?? [];
  const reloadable = rows.filter((d) => d.status !== 'ignored');
  const chosen = selected.length > 0 ? reloadable.filter((d) => selected.includes(d.id)) : reloadable;
  const [gridRef, gridWidth] = useElementWidth();
  const dataColumns = deviceColumns(controllerId, sort, showExtra);
  // Issue 24: the Actions column was clipped at 1440 px. The actions go into a menu when buttons would not fit.
  const compact = gridWidth !== undefined && selectionWidth + gridMinWidth(dataColumns as never[]) + actionButtonsWidth > gridWidth;
  const columns = [
    ...dataColumns,
    {
      title: 'Actions',
      key: 'actions',
      width: compact ? rowActionsMenuWidth : actionButtonsWidth,
      // Kept in view at the right edge when the extra columns make the grid scroll sideways.
      fixed: 'right' as const,
      render: (_: unknown, d: BacnetDevice) => (
        <DeviceRowActions device={d} inactiveTitle={connection.inactiveTitle} running={running} onAction={(a) => run(a, d)} compact={compact} />
      ),
    },
  ];
  const error = page.error ?? count.error;

  return (
    <Page title="BACnet devices" gap={12}>
      <DeviceToolbar
        connection={connection}
        reloadCount={chosen.length}
        showUnavailable={showUnavailable}
        showExtra={showExtra}
        onDiscover={() => setDialog('discover')}
        onAdd={() => void navigate(paths.add)}
        onReload={() => setDialog('reload')}
        onShowUnavailable={(on) => {
          setShowUnavailable(on);
          setPaging((p) => ({ ...p, current: 1 }));
        }}
        onShowExtra={setShowExtra}
      />
      {error && <Alert type="error" showIcon role="alert" title={error.message} />}
      <div ref={gridRef}>
        <Table<BacnetDevice>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={page.isFetching}
          rowSelection={{ columnWidth: selectionWidth, selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
          onRow={(d) => ({ onClick: (e) => !isControl(e.target) && void navigate(paths.device(d.id)), style: { cursor: 'pointer' } })}
          onChange={(pagination, _filters, sorter) => {
            setSort(sortFromSorter(sorter));
            setPaging({ current: pagination.current ?? 1, pageSize: pagination.pageSize ?? devicePageSize });
            setSelected([]);
          }}
          pagination={serverPagination(paging, count.data ?? 0, [20, 50, 100], 'devices')}
          locale={{ emptyText: loadedEmptyText(page, showUnavailable ? 'No devices' : 'No available devices (unavailable and ignored ones are hidden)') }}
          tableLayout="fixed"
          scroll={{ x: selectionWidth + gridMinWidth(columns as never[]) }}
        />
      </div>
      {dialog === 'discover' && <DiscoveryDialog controllerId={controllerId} onClose={() => setDialog(null)} />}
      {dialog === 'reload' && <ReloadDevicesDialog controllerId={controllerId} devices={chosen} onClose={() => setDialog(null)} />}
    </Page>
  );
}
