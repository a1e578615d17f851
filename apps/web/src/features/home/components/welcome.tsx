import { Typography } from 'antd';
import type { SessionUser } from '@syrx/contracts/auth';

/** The landing page's greeting and the group the user works in. */
export function Welcome({ user }: { user: SessionUser }) {
  const group = user.commissioning_group?.name;
  return (
    <header style={{ marginBottom: 24 }}>
      <Typography.Title level={2}>Welcome, {user.first_name || user.username}</Typography.Title>
      <Typography.Paragraph>
        {group === undefined ? (
          'You have not chosen a commissioning group yet; choose one with the Change button above.'
        ) : (
          <>
            You are working in the group <Typography.Text strong>{group}</Typography.Text>.
          </>
        )}
      </Typography.Paragraph>
    </header>
  );
}
