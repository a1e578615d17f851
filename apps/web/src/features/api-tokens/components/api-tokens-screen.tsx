import { useState } from 'react';
import { App, Button, Flex, Popconfirm, type TableColumnsType, Tag, Typography } from 'antd';
import type { ApiToken } from '@syrx/contracts/api-tokens';
import { formatDateTime } from '../../../lib/date-format';
import { useApiTokens, useRevokeApiToken } from '../api/api-tokens';
import { CreateTokenDialog } from './create-token-dialog';
import { QueryTable } from '../../../components/query-table';

function RevokeButton({ token }: { token: ApiToken }) {
  const { message } = App.useApp();
  const revoke = useRevokeApiToken();
  const onConfirm = () =>
    revoke.mutateAsync(token.id).then(
      () => void message.success(`The token "${token.name}" was revoked`),
      (error: Error) => void message.error(`The token could not be revoked: ${error.message}`),
    );
  return (
    <Popconfirm
      title={`Revoke the token "${token.name}"?`}
      description="Scripts that use it stop working at once."
      okText="Revoke"
      okButtonProps={{ danger: true }}
      onConfirm={() => void onConfirm()}
    >
      <Button size="small" danger loading={revoke.isPending}>
        Revoke
      </Button>
    </Popconfirm>
  );
}

const expires = (t: ApiToken) => {
  if (t.expires_at === null) return 'Never';
  return Date.parse(t.expires_at) <= Date.now() ? <Tag color="red">Expired {formatDateTime(t.expires_at)}</Tag> : formatDateTime(t.expires_at);
};

const columns: TableColumnsType<ApiToken> = [
  { key: 'name', title: 'Name', dataIndex: 'name' },
  { key: 'created', title: 'Created', render: (_v, t) => formatDateTime(t.created_at) },
  { key: 'expires', title: 'Expires', render: (_v, t) => expires(t) },
  { key: 'used', title: 'Last used', render: (_v, t) => (t.last_used_at ? formatDateTime(t.last_used_at) : 'Never') },
  { key: 'actions', title: '', render: (_v, t) => <RevokeButton token={t} /> },
];

/** The user menu's "API tokens": personal tokens for scripts and integrations, created, listed and revoked. */
export function ApiTokensScreen() {
  const tokens = useApiTokens();
  const [creating, setCreating] = useState(false);
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={2} style={{ margin: 0 }}>API tokens</Typography.Title>
      <Typography.Paragraph style={{ margin: 0, maxWidth: 720 }}>
        A script or an integration signs in with a personal API token: it acts as you, with your permissions, on both API
        bases (<Typography.Text code>Authorization: Bearer &lt;token&gt;</Typography.Text>). Revoke a token you no longer use.
      </Typography.Paragraph>
      <div>
        <Button type="primary" onClick={() => setCreating(true)}>
          New token
        </Button>
      </div>
      <QueryTable<ApiToken> label="API tokens" loadFailed="The tokens could not be loaded" empty="No API tokens yet" query={tokens} columns={columns} rowKey="id" />
      {creating && <CreateTokenDialog onClose={() => setCreating(false)} />}
    </Flex>
  );
}
