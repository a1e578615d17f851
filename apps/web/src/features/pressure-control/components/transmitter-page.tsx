import { App, Form } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { transmitterLabel } from '@syrx/contracts/pressure-control';
import { useSaveTransmitter, useTransmitter } from '../api/transmitters';
import { useFormFailure } from '../../../lib/form-errors';
import {
  type TransmitterFormValues, newTransmitterValues, toTransmitterFormValues, toTransmitterInput, transmitterFormFields, transmitterSaveRules,
} from '../utils/transmitter-form';
import { useMayChange } from './change-button';
import { FormFrame } from './form-frame';
import type { RenderPointPicker } from './point-field';
import { TransmitterForm } from './transmitter-form';

interface TransmitterPageProps {
  controllerId: string;
  servicePath: string;
  /** null: …/building-pressure-transmitters/new; otherwise …/{id}/edit. */
  transmitterId: number | null;
  renderPointPicker: RenderPointPicker;
}

/** A new transmitter, or an existing one edited: loading, submitting and done (back to the service page). */
export function TransmitterPage({ controllerId, servicePath, transmitterId, renderPointPicker }: TransmitterPageProps) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { mayChange } = useMayChange();
  const [form] = Form.useForm<TransmitterFormValues>();
  const existing = useTransmitter(controllerId, transmitterId);
  const save = useSaveTransmitter(controllerId, transmitterId);
  const failure = useFormFailure(form, transmitterFormFields, transmitterSaveRules);

  if (save.isSuccess) return <Navigate to={servicePath} replace />;
  const isNew = transmitterId === null;
  const back = () => void navigate(servicePath);
  const onSubmit = (values: TransmitterFormValues) => {
    failure.clear();
    save.mutate(toTransmitterInput(values), {
      onSuccess: (saved) => void message.success(`${transmitterLabel(saved.num)} was ${isNew ? 'added' : 'saved'}`),
      onError: failure.show,
    });
  };
  const initialValues = isNew ? newTransmitterValues : existing.data ? toTransmitterFormValues(existing.data) : null;
  const title = isNew ? 'New building pressure transmitter' : `Building pressure transmitter${existing.data ? ` ${transmitterLabel(existing.data.num)}` : ''}`;

  return (
    <FormFrame title={title} loading={initialValues === null} loadError={existing.error} saveAlert={failure.alert} onBack={back}>
      {initialValues && (
        <TransmitterForm
          form={form}
          initialValues={initialValues}
          isNew={isNew}
          disabled={!mayChange || save.isPending}
          submitting={save.isPending}
          renderPointPicker={renderPointPicker}
          onSubmit={onSubmit}
          onCancel={back}
        />
      )}
    </FormFrame>
  );
}
