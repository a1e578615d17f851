import { Button, Flex, Switch } from 'antd';
import { ReloadOutlined, SearchOutlined, PlusOutlined } from '@ant-design/icons';
import type { AgentConnection } from '../../../lib/realtime/realtime-provider';
import { ConnectionState } from './connection-state';

interface DeviceToolbarProps {
  connection: AgentConnection;
  reloadCount: number;
  showUnavailable: boolean;
  showExtra: boolean;
  onDiscover: () => void;
  onAdd: () => void;
  onReload: () => void;
  onShowUnavailable: (on: boolean) => void;
  onShowExtra: (on: boolean) => void;
}

/** Discover devices, Add device and Reload devices, the grid's toggles, and whether the agent is reachable. */
export function DeviceToolbar(p: DeviceToolbarProps) {
  const inactive = p.connection.inactiveTitle;
  return (
    <Flex gap={8} wrap align="center">
      <Button icon={<SearchOutlined />} disabled={inactive !== undefined} title={inactive} onClick={p.onDiscover}>
        Discover devices
      </Button>
      <Button icon={<PlusOutlined />} onClick={p.onAdd}>
        Add device
      </Button>
      <Button icon={<ReloadOutlined />} disabled={inactive !== undefined || p.reloadCount === 0} title={inactive} onClick={p.onReload}>
        Reload devices
      </Button>
      <label style={{ display: 'inline-flex', gap: 6, alignItems: 'center', marginLeft: 8 }}>
        <Switch size="small" checked={p.showUnavailable} onChange={p.onShowUnavailable} aria-label="Show unavailable devices" />
        Show unavailable devices
      </label>
      <label style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
        <Switch size="small" checked={p.showExtra} onChange={p.onShowExtra} aria-label="Show extra columns" />
        Show extra columns
      </label>
      <span style={{ marginLeft: 'auto' }}>
        <ConnectionState connection={p.connection} />
      </span>
    </Flex>
  );
}
