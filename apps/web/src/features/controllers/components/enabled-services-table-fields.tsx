import { Checkbox, Form, type FormInstance, Input, Table, type TableProps } from 'antd';
import { controllerMessages } from '@syrx/contracts/controllers';
import {
  type EnabledServiceRow, type EnabledServicesFormValues, assignedVersionError, isUpdater, normaliseOnBlur, resolvesToHint,
} from '../utils/enabled-services-form';

interface Props {
  form: FormInstance<EnabledServicesFormValues>;
  rows: readonly EnabledServiceRow[];
}

/** One row per service type: the is_enabled checkbox and the assigned version (normalised when it loses focus), with what it resolves to. */
export function EnabledServicesTableFields({ form, rows }: Props) {
  const watched = Form.useWatch('services', form) as EnabledServiceRow[] | undefined;
  const isEnabled = (index: number) => Boolean((watched ?? rows)[index]?.is_enabled);
  const hint = (index: number, row: EnabledServiceRow) => resolvesToHint(String((watched ?? rows)[index]?.assigned_version ?? ''), row.published);

  const onBlur = (index: number) => {
    const name = ['services', index, 'assigned_version'] as ['services', number, 'assigned_version'];
    const value = String(form.getFieldValue(name) ?? '');
    form.setFieldValue(name, normaliseOnBlur(value));
    void form.validateFields([name]).catch(() => undefined);
  };

  const columns: TableProps<EnabledServiceRow>['columns'] = [
    {
      title: 'Enabled',
      key: 'is_enabled',
      width: 90,
      render: (_v, row, index) => {
        const locked = isUpdater(row.service_id);
        return (
          <Form.Item name={[index, 'is_enabled']} valuePropName="checked" noStyle>
            <Checkbox aria-label={`Enable ${row.service_id}`} disabled={locked} title={locked ? controllerMessages.updaterRequired : undefined} />
          </Form.Item>
        );
      },
    },
    { title: 'Service ID', dataIndex: 'service_id', key: 'service_id' },
    { title: 'Description', dataIndex: 'description', key: 'description' },
    {
      title: 'Assigned version',
      key: 'assigned_version',
      width: '32%',
      render: (_v, row, index) => (
        <Form.Item
          name={[index, 'assigned_version']}
          dependencies={[['services', index, 'is_enabled']]}
          style={{ marginBottom: 0 }}
          extra={<span data-testid={`resolves-${row.service_id}`}>{hint(index, row)}</span>}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                if (!form.getFieldValue(['services', index, 'is_enabled']) && !isUpdater(row.service_id)) return;
                const message = assignedVersionError(value);
                if (message !== undefined) throw new Error(message);
              },
            },
          ]}
        >
          <Input aria-label={`Assigned version of ${row.service_id}`} disabled={!isEnabled(index)} onBlur={() => onBlur(index)} />
        </Form.Item>
      ),
    },
  ];

  return (
    <Form.List name="services">
      {() => (
        <Table<EnabledServiceRow>
          aria-label="Enabled services"
          rowKey="service_id"
          size="small"
          pagination={false}
          columns={columns}
          dataSource={[...rows]}
        />
      )}
    </Form.List>
  );
}
