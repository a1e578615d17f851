import { Alert, Button, Flex, Space, Typography } from 'antd';

/** The recovery codes, shown once right after two-factor sign-in was turned on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Flex vertical gap={16} align="flex-start">
      <Alert type="success" showIcon title="Two-factor sign-in is on." />
      <Typography.Paragraph style={{ margin: 0 }}>
        Save these recovery codes somewhere safe now: they are not shown again. If you lose your phone, each one signs you
        in once instead of a code from the app.
      </Typography.Paragraph>
      <ul aria-label="Recovery codes" style={{ columns: 2, fontFamily: 'monospace', margin: 0 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Space>
        <Typography.Text copyable={{ text: codes.join('\n'), tooltips: ['Copy the codes', 'Copied'] }}>Copy the codes</Typography.Text>
        <Button type="primary" onClick={onDone}>
          Done
        </Button>
      </Space>
    </Flex>
  );
}
