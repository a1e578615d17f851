import { Alert, App, Button, Flex, Form, Input, InputNumber } from 'antd';
import { accountUnits, priceStep } from '@syrx/contracts/accounts';
import { type HistoryKind, useAddHistoryEntry } from '../api/accounts';
import { useFormFailure } from '../../../lib/form-errors';
import { accountSaveRules, type HistoryFormValues, historyFormFields, historyRules, newHistoryValues, toHistoryEntry } from '../utils/account-form';

const texts: Record<HistoryKind, { form: string; value: string; add: string; added: string }> = {
  size: { form: 'Add a building size entry', value: `Size (${accountUnits.size})`, add: 'Add size entry', added: 'The building size entry was added' },
  price: { form: 'Add a utility cost entry', value: `Cost (${accountUnits.price})`, add: 'Add price entry', added: 'The utility cost entry was added' },
};

/** A size or price entry from an effective date on (date and value required; cost in steps of 0.01). */
export function HistoryEntryForm({ kind, accountId }: { kind: HistoryKind; accountId: number }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<HistoryFormValues>();
  const add = useAddHistoryEntry(kind);
  const failure = useFormFailure(form, historyFormFields, accountSaveRules);
  const t = texts[kind];
  const rules = historyRules(kind);

  const onSubmit = (values: HistoryFormValues) => {
    failure.clear();
    add.mutate(toHistoryEntry(accountId, values), {
      onSuccess: () => {
        form.resetFields();
        void message.success(t.added);
      },
      onError: failure.show,
    });
  };

  return (
    <Form<HistoryFormValues> form={form} name={`${kind}-entry`} aria-label={t.form} layout="vertical" initialValues={newHistoryValues} onFinish={onSubmit} disabled={add.isPending} style={{ marginTop: 12 }}>
      {failure.alert !== null && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title="Not added" description={failure.alert} />}
      <Flex gap={8} wrap align="flex-start">
        <Form.Item label="Effective date" name="effective_date" rules={rules.effective_date} style={{ flex: '0 0 170px', marginBottom: 8 }}>
          <Input type="date" />
        </Form.Item>
        <Form.Item label={t.value} name="value" rules={rules.value} style={{ flex: '0 0 150px', marginBottom: 8 }}>
          <InputNumber<number> min={0} step={kind === 'price' ? priceStep : 1} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="Note" name="note" rules={rules.note} style={{ flex: '1 1 180px', marginBottom: 8 }}>
          <Input autoComplete="off" />
        </Form.Item>
      </Flex>
      <Button htmlType="submit" loading={add.isPending}>
        {t.add}
      </Button>
    </Form>
  );
}
