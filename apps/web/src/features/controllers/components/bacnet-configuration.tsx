import { Descriptions, Table, Typography } from 'antd';
import type { BacnetConnection, BbmdServer } from '@syrx/contracts/controllers';

const bbmdColumns = [
  { title: 'IP address', dataIndex: 'ip_address', key: 'ip_address' },
  { title: 'Mask', dataIndex: 'ip_mask', key: 'ip_mask' },
  { title: 'Port', dataIndex: 'port_num', key: 'port_num' },
];

interface BacnetConfigurationProps {
  connection: BacnetConnection | null;
  bbmdServers: readonly BbmdServer[];
}

/** The controller's local BACnet/IP address and port, or the word Unconfigured, and its BBMD servers. */
export function BacnetConfiguration({ connection, bbmdServers }: BacnetConfigurationProps) {
  return (
    <section aria-label="BACnet connection configuration">
      <Typography.Title level={5}>BACnet connection configuration</Typography.Title>
      {connection ? (
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            { key: 'ip', label: 'Local IP address', children: connection.ip_address },
            { key: 'port', label: 'Local port', children: connection.port_num },
            { key: 'apdu', label: 'APDU timeout and retries', children: `${connection.apdu_timeout_ms} ms × ${connection.apdu_retries} retries` },
          ]}
        />
      ) : (
        <Typography.Paragraph data-testid="bacnet-unconfigured">Unconfigured</Typography.Paragraph>
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        BBMD servers
      </Typography.Title>
      {bbmdServers.length === 0 ? (
        <Typography.Paragraph type="secondary">No BBMD servers</Typography.Paragraph>
      ) : (
        <Table<BbmdServer>
          aria-label="BBMD servers"
          size="small"
          pagination={false}
          rowKey={(s) => `${s.ip_address}:${s.port_num}/${s.ip_mask}`}
          columns={bbmdColumns}
          dataSource={[...bbmdServers]}
        />
      )}
    </section>
  );
}
