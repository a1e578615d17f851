import { useState } from 'react';
import { Alert, Button, Empty, Flex, Spin } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../../lib/session';
import { useGroupAccounts } from '../api/accounts';
import { canManageAccounts, needsManage } from '../utils/account-format';
import { accountPaths } from '../utils/account-paths';
import { AccountCard } from './account-card';
import { HistoryModal } from './history-modal';
import { GroupScreenHeader } from '../../../components/group-screen-header';

/** /admin/groups/accounts: the current group's building meter accounts as cards, with the history modal. */
export function AccountsScreen() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const group = user.commissioning_group;
  const mayManage = canManageAccounts(user);
  const accounts = useGroupAccounts(group?.id);
  // Spec 02 section 4: the modal is shown (for one account) or hidden.
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const shown = accounts.data?.find((a) => a.id === historyOf) ?? null;

  let body;
  if (!group) body = <Alert type="info" showIcon title="Choose a current group to see its building meter accounts." />;
  else if (accounts.isPending) body = <Spin aria-label="Loading the accounts" style={{ padding: 48 }} />;
  else if (accounts.isError) body = <Alert type="error" showIcon role="alert" title="The accounts could not be loaded" description={accounts.error.message} />;
  else if (accounts.data.length === 0) body = <Empty description={`${group.name} has no building meter accounts yet.`} />;
  else {
    body = (
      <Flex gap={16} wrap>
        {accounts.data.map((a) => (
          <AccountCard key={a.id} account={a} mayManage={mayManage} onEdit={() => void navigate(accountPaths.edit(a.id))} onHistory={() => setHistoryOf(a.id)} />
        ))}
      </Flex>
    );
  }

  const newAccount = (
    <Button type="primary" icon={<PlusOutlined />} disabled={!group || !mayManage} title={mayManage ? undefined : needsManage} onClick={() => void navigate(accountPaths.add)}>
      New account
    </Button>
  );

  return (
    <Flex vertical gap={16}>
      <GroupScreenHeader title="Building meter accounts" what="Accounts" group={group} action={newAccount} />
      {body}
      {shown && <HistoryModal account={shown} mayManage={mayManage} onClose={() => setHistoryOf(null)} />}
    </Flex>
  );
}
