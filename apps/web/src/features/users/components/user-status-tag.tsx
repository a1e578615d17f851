import { Tag } from 'antd';
import { type UserStatus, userStatusLabels } from '@syrx/contracts/users';

const colors: Record<UserStatus, string> = { active: 'green', invited: 'gold', deactivated: 'default' };

/** Active, Invited or Deactivated. */
export function UserStatusTag({ status }: { status: UserStatus }) {
  return <Tag color={colors[status]}>{userStatusLabels[status]}</Tag>;
}
