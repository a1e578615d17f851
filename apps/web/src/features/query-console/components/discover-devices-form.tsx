import { Button, Form, Input, Space } from 'antd';
import type { FormRule } from 'antd';

const network: FormRule = {
  validator: async (_r, v: unknown) => {
    if (typeof v === 'string' && v.trim() !== '' && !/^\s*\d+\s*$/.test(v)) throw new Error('Enter a network number, or leave it empty for every network');
  },
};

/** Discover devices: an optional network (empty: every network); results go to the log. */
export function DiscoverDevicesForm({ inactiveTitle, running, onDiscover }: { inactiveTitle: string | undefined; running: boolean; onDiscover: (network: number | null) => void }) {
  const [form] = Form.useForm<{ network: string }>();
  const submit = ({ network: text }: { network?: string }) => onDiscover(text === undefined || text.trim() === '' ? null : Number.parseInt(text, 10));
  return (
    <Form form={form} name="discover-devices" layout="inline" initialValues={{ network: '' }} onFinish={submit}>
      <Form.Item label="Network" name="network" rules={[network]}>
        <Input placeholder="All networks" inputMode="numeric" style={{ width: 160 }} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={running} disabled={inactiveTitle !== undefined} title={inactiveTitle}>
          Discover devices
        </Button>
      </Space>
    </Form>
  );
}
