import { App, Flex, Form, Input, Switch } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { useConfiguration, useUpdateConfiguration } from '../api/configuration';
import { useFormFailure } from '../../../lib/form-errors';
import {
  type ConfigurationFormValues, configurationRules, toConfigurationFormValues, toConfigurationPatch,
} from '../utils/configuration-form';
import { FormButtons, FormFrame } from './form-frame';
import { useMayChange } from './change-button';

const formFields: readonly (keyof ConfigurationFormValues)[] = ['neutral_plane_height', 'is_output_enabled', 'indoor_temperature', 'interval_seconds', 'write_priority'];

/**
 * …/configuration/edit: neutral plane height (a number, or empty for not set), output enabled, indoor temperature,
 * loop interval and write priority; loading, submitting and done (back to the service page).
 */
export function ConfigurationEditPage({ controllerId, servicePath }: { controllerId: string; servicePath: string }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { mayChange } = useMayChange();
  const [form] = Form.useForm<ConfigurationFormValues>();
  const configuration = useConfiguration(controllerId);
  const update = useUpdateConfiguration(controllerId);
  const failure = useFormFailure(form, formFields);

  if (update.isSuccess) return <Navigate to={servicePath} replace />;
  const back = () => void navigate(servicePath);
  const onFinish = (values: ConfigurationFormValues) => {
    failure.clear();
    update.mutate(toConfigurationPatch(values), {
      onSuccess: () => void message.success('The building pressure control configuration was saved'),
      onError: failure.show,
    });
  };

  return (
    <FormFrame title="Building pressure control configuration" loading={configuration.isPending} loadError={configuration.error} saveAlert={failure.alert} onBack={back}>
      {configuration.data && (
        <Form<ConfigurationFormValues>
          form={form}
          name="pressure-configuration"
          layout="vertical"
          initialValues={toConfigurationFormValues(configuration.data)}
          disabled={!mayChange || update.isPending}
          onFinish={onFinish}
          style={{ maxWidth: 560 }}
        >
          <Form.Item
            label="Neutral plane height (ft)"
            name="neutral_plane_height"
            rules={configurationRules.neutral_plane_height}
            extra="Feet above grade. Leave empty when it is not known: nothing is written until it is set."
          >
            <Input inputMode="decimal" autoComplete="off" />
          </Form.Item>
          <Form.Item label="Output enabled" name="is_output_enabled" valuePropName="checked" extra="Write Pnorm to the output point every interval.">
            <Switch aria-label="Output enabled" />
          </Form.Item>
          <Flex gap={8} wrap>
            <Form.Item label="Indoor temperature (°F)" name="indoor_temperature" rules={configurationRules.indoor_temperature} style={{ flex: '1 1 150px' }}>
              <Input inputMode="decimal" autoComplete="off" />
            </Form.Item>
            <Form.Item label="Interval (s)" name="interval_seconds" rules={configurationRules.interval_seconds} style={{ flex: '1 1 150px' }}>
              <Input inputMode="numeric" autoComplete="off" />
            </Form.Item>
            <Form.Item label="Write priority" name="write_priority" rules={configurationRules.write_priority} style={{ flex: '1 1 150px' }}>
              <Input inputMode="numeric" autoComplete="off" />
            </Form.Item>
          </Flex>
          <FormButtons submitting={update.isPending} onCancel={back} />
        </Form>
      )}
    </FormFrame>
  );
}
