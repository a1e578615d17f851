import { Flex, Form, type FormInstance, Input, InputNumber, Radio, Select } from 'antd';
import { accountTypes, accountUnits, priceStep, type WeatherStation } from '@syrx/contracts/accounts';
import { FormActions } from '../../../components/form-actions';
import { type AccountFormValues, accountRules } from '../utils/account-form';
import { accountTypeLabels, stationLabel } from '../utils/account-format';

interface AccountFormProps {
  form: FormInstance<AccountFormValues>;
  initialValues: AccountFormValues;
  isNew: boolean;
  stations: readonly WeatherStation[];
  timeZones: readonly string[];
  disabled: boolean;
  submitting: boolean;
  onSubmit: (values: AccountFormValues) => void;
  onCancel: () => void;
}

/**
 * Name, account number (optional), type, weather station and time zone; a new account also gets its building square
 * footage and utility cost per unit (spec 02 section 5). Choosing a station fills an empty time zone with the station's.
 */
export function AccountForm({ form, initialValues, isNew, stations, timeZones, disabled, submitting, onSubmit, onCancel }: AccountFormProps) {
  const onStation = (id: number) => {
    const zone = stations.find((s) => s.id === id)?.timezone;
    if (zone && !form.getFieldValue('timezone')) form.setFieldValue('timezone', zone);
  };
  return (
    <Form<AccountFormValues> form={form} name="account" layout="vertical" initialValues={initialValues} disabled={disabled} onFinish={onSubmit} style={{ maxWidth: 720 }}>
      <Flex gap={8} wrap>
        <Form.Item label="Name" name="name" rules={accountRules.name} style={{ flex: '2 1 260px' }}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Account number" name="num" rules={accountRules.num} style={{ flex: '1 1 180px' }}>
          <Input autoComplete="off" />
        </Form.Item>
      </Flex>
      <Form.Item label="Type" name="type" rules={accountRules.type}>
        <Radio.Group options={accountTypes.map((t) => ({ value: t, label: accountTypeLabels[t] }))} optionType="button" />
      </Form.Item>
      <Form.Item label="Weather station" name="weatherstation_id" rules={accountRules.weatherstation_id}>
        <Select<number>
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Search by ICAO code or city"
          options={stations.map((s) => ({ value: s.id, label: stationLabel(s) }))}
          onChange={onStation}
        />
      </Form.Item>
      <Form.Item label="Time zone" name="timezone" rules={accountRules.timezone}>
        <Select<string> showSearch={{ optionFilterProp: 'label' }} placeholder="Search the IANA time zones" options={timeZones.map((z) => ({ value: z, label: z }))} />
      </Form.Item>
      {isNew && (
        <Flex gap={8} wrap>
          <Form.Item label={`Building square footage (${accountUnits.size})`} name="buildingSquareFootage" rules={accountRules.buildingSquareFootage} style={{ flex: '1 1 220px' }}>
            <InputNumber<number> min={0} step={1} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label={`Utility cost per unit (${accountUnits.price})`} name="utilityCostPerUnit" rules={accountRules.utilityCostPerUnit} style={{ flex: '1 1 220px' }}>
            <InputNumber<number> min={0} step={priceStep} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
      )}
      <FormActions submitLabel="Save" submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}
