import { Button, Flex, Form, Input, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ipv4Schema } from '@syrx/contracts/controllers';
import { newBbmdServerRow, optionalMaskSchema, optionalPortSchema } from '../utils/editor-form';
import { zodRule } from '../utils/zod-rule';

const cell = { flex: 1, marginBottom: 8 };

/** The BBMD server list of the editor: rows of IP address, mask and port, added and removed freely. */
export function BbmdServersField() {
  return (
    <section aria-label="BBMD servers">
      <Typography.Text strong>BBMD servers</Typography.Text>
      <Form.List name="bacnetConnectionBbmdServers">
        {(rows, { add, remove }) => (
          <>
            {rows.length === 0 && <Typography.Paragraph type="secondary">No BBMD servers</Typography.Paragraph>}
            {rows.length > 0 && (
              <Flex gap={8} style={{ marginTop: 8 }}>
                <Typography.Text type="secondary" style={{ flex: 1 }}>IP address</Typography.Text>
                <Typography.Text type="secondary" style={{ flex: 1 }}>Mask</Typography.Text>
                <Typography.Text type="secondary" style={{ flex: 1 }}>Port</Typography.Text>
                <span style={{ width: 32 }} />
              </Flex>
            )}
            {rows.map((row, index) => (
              <Flex key={row.key} gap={8} align="start" data-testid="bbmd-server-row">
                <Form.Item name={[row.name, 'ip_address']} rules={[zodRule(ipv4Schema)]} style={cell}>
                  <Input aria-label={`BBMD server ${index + 1} IP address`} placeholder="192.168.1.10" />
                </Form.Item>
                <Form.Item name={[row.name, 'ip_mask']} rules={[zodRule(optionalMaskSchema)]} style={cell}>
                  <Input aria-label={`BBMD server ${index + 1} mask`} />
                </Form.Item>
                <Form.Item name={[row.name, 'port_num']} rules={[zodRule(optionalPortSchema)]} style={cell}>
                  <Input aria-label={`BBMD server ${index + 1} port`} inputMode="numeric" />
                </Form.Item>
                <Button aria-label={`Remove BBMD server ${index + 1}`} icon={<DeleteOutlined />} onClick={() => remove(row.name)} />
              </Flex>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add(newBbmdServerRow())} style={{ marginTop: 8 }}>
              Add BBMD server
            </Button>
          </>
        )}
      </Form.List>
    </section>
  );
}
