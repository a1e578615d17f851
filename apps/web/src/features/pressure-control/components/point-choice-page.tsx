import { App, Form, Typography } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { useConfiguration, useUpdateConfiguration } from '../api/configuration';
import { useFormFailure } from '../../../lib/form-errors';
import type { ChosenPoint } from '../utils/chosen-point';
import { type PointChoice, pointChoices, toPointPatch } from '../utils/point-choice';
import { useMayChange } from './change-button';
import { FormButtons, FormFrame } from './form-frame';
import { PointField, type RenderPointPicker } from './point-field';

interface PointChoicePageProps {
  controllerId: string;
  servicePath: string;
  choice: PointChoice;
  renderPointPicker: RenderPointPicker;
}

/**
 * …/oat-sensor/edit and …/pnorm-output/edit: the current point, another one chosen with the point-picker tree of
 * this controller, or none (cleared, sent as null); loading, submitting and done (back to the service page).
 */
export function PointChoicePage({ controllerId, servicePath, choice, renderPointPicker }: PointChoicePageProps) {
  const { title, field, help, current } = pointChoices[choice];
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { mayChange } = useMayChange();
  const [form] = Form.useForm<Record<string, ChosenPoint | null>>();
  const configuration = useConfiguration(controllerId);
  const update = useUpdateConfiguration(controllerId);
  const failure = useFormFailure(form, [field]);

  if (update.isSuccess) return <Navigate to={servicePath} replace />;
  const back = () => void navigate(servicePath);
  const onFinish = (values: Record<string, ChosenPoint | null>) => {
    failure.clear();
    update.mutate(toPointPatch(choice, values[field] ?? null), {
      onSuccess: () => void message.success(`The ${title.toLowerCase()} was saved`),
      onError: failure.show,
    });
  };

  return (
    <FormFrame title={title} loading={configuration.isPending} loadError={configuration.error} saveAlert={failure.alert} onBack={back}>
      {configuration.data && (
        <Form
          form={form}
          name={`pressure-${choice}`}
          layout="vertical"
          initialValues={{ [field]: current(configuration.data) }}
          disabled={!mayChange || update.isPending}
          onFinish={onFinish}
          style={{ maxWidth: 640 }}
        >
          <Typography.Paragraph type="secondary">{help}</Typography.Paragraph>
          <Form.Item label="Point" name={field}>
            <PointField renderPointPicker={renderPointPicker} clearable pickerTitle={`Choose the ${title.toLowerCase()}`} />
          </Form.Item>
          <FormButtons submitting={update.isPending} onCancel={back} />
        </Form>
      )}
    </FormFrame>
  );
}
