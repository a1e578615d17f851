import { App, Button, Flex, Popconfirm, Space, type TableColumnsType, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { type PressureTransmitter, transmitterLabel } from '@syrx/contracts/pressure-control';
import { formatOptionalDateTime } from '../../../lib/date-format';
import { formatPointValue } from '../../../lib/value-format';
import { useDeleteTransmitter, useTransmitters } from '../api/transmitters';
import { ChangeButton, useMayChange } from './change-button';
import { QueryTable } from '../../../components/query-table';

interface TransmittersGridProps {
  controllerId: string;
  /** …/building-pressure-transmitters of the service page: new and {id}/edit are below it. */
  transmittersPath: string;
  refreshMs: number;
}

function RowActions({ controllerId, transmitter: t, editPath }: { controllerId: string; transmitter: PressureTransmitter; editPath: string }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { mayChange, title } = useMayChange();
  const remove = useDeleteTransmitter(controllerId);
  const label = transmitterLabel(t.num);
  const onConfirm = () =>
    remove.mutateAsync(t.id).then(
      () => void message.success(`${label} was deleted`),
      (error: Error) => void message.error(`${label} could not be deleted: ${error.message}`),
    );
  return (
    <Space size={4}>
      <Button size="small" disabled={!mayChange} title={title} onClick={() => void navigate(editPath)}>
        Edit
      </Button>
      <Popconfirm title={`Delete ${label}?`} description="The loop stops reading this transmitter." okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => void onConfirm()}>
        <Button size="small" danger disabled={!mayChange} title={title} loading={remove.isPending}>
          Delete
        </Button>
      </Popconfirm>
    </Space>
  );
}

const value = (v: number | null) => formatPointValue(v);

/** The building pressure transmitters (BPT-{num}) with their points and the last values the loop read. */
export function TransmittersGrid({ controllerId, transmittersPath, refreshMs }: TransmittersGridProps) {
  const transmitters = useTransmitters(controllerId, refreshMs);
  const columns: TableColumnsType<PressureTransmitter> = [
    { key: 'num', title: 'Transmitter', render: (_v, t) => transmitterLabel(t.num) },
    { key: 'name', title: 'Name', dataIndex: 'name' },
    { key: 'height', title: 'Height (ft)', render: (_v, t) => value(t.transmitter_height) },
    { key: 'device', title: 'Device name', dataIndex: 'syrx_controller_bacnet_device_name' },
    { key: 'mac', title: 'MAC address', dataIndex: 'syrx_controller_bacnet_device_mac_address' },
    { key: 'object', title: 'Object ID', dataIndex: 'syrx_controller_bacnet_point_object_id' },
    { key: 'point', title: 'Point name', dataIndex: 'syrx_controller_bacnet_point_name' },
    { key: 'pressure', title: 'Last pressure (in. w.c.)', render: (_v, t) => value(t.last_pressure) },
    { key: 'normalised', title: 'Last normalised pressure (in. w.c.)', render: (_v, t) => value(t.last_normalized_pressure) },
    { key: 'date', title: 'Last value date', render: (_v, t) => formatOptionalDateTime(t.last_value_date) },
    { key: 'actions', title: '', render: (_v, t) => <RowActions controllerId={controllerId} transmitter={t} editPath={`${transmittersPath}/${t.id}/edit`} /> },
  ];
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center">
        <Typography.Text strong>Building pressure transmitters</Typography.Text>
        <ChangeButton to={`${transmittersPath}/new`}>New transmitter</ChangeButton>
      </Flex>
      <QueryTable<PressureTransmitter>
        label="Building pressure transmitters"
        loadFailed="The transmitters could not be loaded"
        empty="No transmitters yet"
        query={transmitters}
        columns={columns}
        rowKey="id"
        order={(a, b) => a.num - b.num}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}
