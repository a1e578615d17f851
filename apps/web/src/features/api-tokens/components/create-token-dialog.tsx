import { Alert, Form, Input, Modal, Select, Typography } from 'antd';
import type { ApiTokenCreate, CreatedApiToken } from '@syrx/contracts/api-tokens';
import { useFormFailure } from '../../../lib/form-errors';
import { useCreateApiToken } from '../api/api-tokens';

const lifetimes = [
  { value: 7, label: '7 days' },
  { value: 30, label: '30 days' },
  { value: 90, label: '90 days' },
  { value: 365, label: '1 year' },
  { value: 0, label: 'Never (until revoked)' },
];
const fields = ['name', 'expires_in_days'] as const;

/** The created token, shown this once with a copy button. */
function CreatedToken({ created }: { created: CreatedApiToken }) {
  return (
    <>
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="Copy the token now: it will not be shown again." />
      <Typography.Paragraph>
        Send it as <Typography.Text code>Authorization: Bearer &lt;token&gt;</Typography.Text> to either API base.
      </Typography.Paragraph>
      <Typography.Paragraph code data-testid="created-token" copyable={{ tooltips: ['Copy token', 'Copied'] }} style={{ wordBreak: 'break-all' }}>
        {created.token}
      </Typography.Paragraph>
    </>
  );
}

/** New API token: a name and a lifetime; then the token itself, once. */
export function CreateTokenDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateApiToken();
  const [form] = Form.useForm<{ name: string; lifetime: number }>();
  const failure = useFormFailure(form, fields);

  const onFinish = ({ name, lifetime }: { name: string; lifetime: number }) => {
    failure.clear();
    const body: ApiTokenCreate = { name: name.trim(), expires_in_days: lifetime === 0 ? null : lifetime };
    create.mutate(body, { onError: failure.show });
  };
  const created = create.data;
  return (
    <Modal
      open
      title="New API token"
      okText={created ? 'Done' : 'Save'}
      onOk={() => (created ? onClose() : form.submit())}
      okButtonProps={{ loading: create.isPending }}
      cancelButtonProps={created ? { style: { display: 'none' } } : {}}
      onCancel={onClose}
      destroyOnHidden
    >
      {created ? (
        <CreatedToken created={created} />
      ) : (
        <Form form={form} layout="vertical" initialValues={{ name: '', lifetime: 90 }} onFinish={onFinish} requiredMark={false}>
          {failure.alert && <Alert type="error" showIcon role="alert" title={failure.alert} style={{ marginBottom: 16 }} />}
          <Form.Item label="Name" name="name" extra="What the token is for, e.g. the script that uses it." rules={[{ required: true, whitespace: true, message: 'Please enter a name' }, { max: 100 }]}>
            <Input autoComplete="off" autoFocus />
          </Form.Item>
          <Form.Item label="Expires after" name="lifetime">
            <Select options={lifetimes} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
