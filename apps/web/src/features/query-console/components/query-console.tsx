import type { ReactNode } from 'react';
import { Button, Card, Flex, Tabs, Tag } from 'antd';
import type { BacnetPoint } from '@syrx/contracts/points';
import { LogArea } from '../../../components/log-area';
import { useAgentConnection } from '../../../lib/realtime/realtime-provider';
import { useConsoleRequests } from '../hooks/use-console-requests';
import { useQueryLog } from '../hooks/use-query-log';
import { DiscoverDevicesForm } from './discover-devices-form';
import { ReadPropertyForm } from './read-property-form';

interface QueryConsoleProps {
  controllerId: string;
  /** The point-picker tree, composed in by the route (another feature). */
  renderPointPicker?: (onPick: (point: BacnetPoint) => void) => ReactNode;
  /** Links beside the title (e.g. to add a device by hand). */
  actions?: ReactNode;
}

/** The BACnet network query service's panel: Read property and Discover devices, with a log area. */
export function QueryConsole({ controllerId, renderPointPicker, actions }: QueryConsoleProps) {
  const connection = useAgentConnection(controllerId);
  const log = useQueryLog();
  const requests = useConsoleRequests(controllerId, log.append);
  const inactive = connection.inactiveTitle;
  const items = [
    {
      key: 'read-property',
      label: 'Read property',
      children: <ReadPropertyForm inactiveTitle={inactive} reading={requests.reading} onRead={requests.read} {...(renderPointPicker ? { renderPointPicker } : {})} />,
    },
    { key: 'discover-devices', label: 'Discover devices', children: <DiscoverDevicesForm inactiveTitle={inactive} running={requests.discovering} onDiscover={requests.discover} /> },
  ];
  return (
    <Card
      size="small"
      title="Query console"
      extra={
        <Flex gap={12} align="center">
          {actions}
          {connection.connected ? <Tag color="green">Agent connected</Tag> : <Tag color="red">{inactive}</Tag>}
        </Flex>
      }
    >
      <Flex vertical gap={8}>
        <Tabs items={items} />
        <Flex justify="space-between" align="center">
          <strong>Log</strong>
          <Button size="small" onClick={log.clear}>
            Clear log
          </Button>
        </Flex>
        <LogArea lines={log.lines} label="Query log" height={220} />
      </Flex>
    </Card>
  );
}
