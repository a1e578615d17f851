import { Alert, App, Button, Card, Form, Spin } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { Navigate, useNavigate } from 'react-router';
import { useCurrentUser } from '../../../lib/session';
import { useAccount, useDeleteAccount, useSaveAccount } from '../api/accounts';
import { useTimeZones, useWeatherStations } from '../api/lookups';
import { useFormFailure } from '../../../lib/form-errors';
import { type AccountFormValues, accountFormFields, accountSaveRules, newAccountValues, toAccountCreate, toAccountFormValues, toAccountUpdate } from '../utils/account-form';
import { canManageAccounts, needsManage } from '../utils/account-format';
import { accountPaths } from '../utils/account-paths';
import { AccountForm } from './account-form';

/**
 * /admin/groups/accounts/editor (add, into the current group) and /editor/{id} (edit, with delete): loading, the form,
 * the server's reasons for a refused save, and back to the cards when saved or deleted.
 */
export function AccountEditor({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const user = useCurrentUser();
  const mayManage = canManageAccounts(user);
  const [form] = Form.useForm<AccountFormValues>();
  const existing = useAccount(id);
  const stations = useWeatherStations();
  const zones = useTimeZones();
  const save = useSaveAccount(id);
  const remove = useDeleteAccount();
  const failure = useFormFailure(form, accountFormFields, accountSaveRules);

  const isNew = id === null;
  const group = user.commissioning_group;
  if (save.isSuccess || remove.isSuccess) return <Navigate to={accountPaths.list} replace />;
  const back = () => void navigate(accountPaths.list);

  const onSubmit = (values: AccountFormValues) => {
    failure.clear();
    const body = isNew ? toAccountCreate(values, group?.id ?? 0) : toAccountUpdate(values);
    save.mutate(body, { onSuccess: (saved) => void message.success(`${saved.name} was ${isNew ? 'added' : 'saved'}`), onError: failure.show });
  };
  const onDelete = () => {
    modal.confirm({
      title: `Delete the account ${existing.data?.name ?? ''}?`,
      content: 'Its building size and utility cost history is deleted with it.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        // A refusal shows on the page (below), so the dialog closes either way.
        await remove.mutateAsync(id ?? 0).then(() => void message.success('The account was deleted'), () => undefined);
      },
    });
  };

  const title = isNew ? 'Add Account' : 'Edit Account';
  const loadError = existing.error ?? stations.error ?? zones.error;
  const initialValues = isNew ? newAccountValues : existing.data ? toAccountFormValues(existing.data) : null;
  let body;
  if (isNew && !group) body = <Alert type="info" showIcon title="Choose a current group to add an account to it." />;
  else if (loadError) body = <Alert type="error" showIcon role="alert" title="The account could not be loaded" description={loadError.message} action={<Button onClick={back}>Back to the accounts</Button>} />;
  else if (!initialValues || !stations.data || !zones.data) body = <Spin aria-label="Loading the account" style={{ padding: 48 }} />;
  else {
    body = (
      <>
        {!mayManage && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={needsManage} />}
        {failure.alert !== null && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title="Not saved" description={failure.alert} />}
        {remove.error && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title="Not deleted" description={remove.error.message} />}
        {isNew && group && <Alert type="info" style={{ marginBottom: 16 }} title={`The account is added to ${group.name}.`} />}
        <AccountForm
          form={form}
          initialValues={initialValues}
          isNew={isNew}
          stations={stations.data}
          timeZones={zones.data}
          disabled={!mayManage || save.isPending}
          submitting={save.isPending}
          onSubmit={onSubmit}
          onCancel={back}
        />
      </>
    );
  }
  const deleteButton = !isNew && existing.data && (
    <Button danger icon={<DeleteOutlined />} disabled={!mayManage} loading={remove.isPending} onClick={onDelete}>
      Delete
    </Button>
  );
  return (
    <Card title={title} extra={deleteButton} style={{ maxWidth: 800 }}>
      {body}
    </Card>
  );
}
