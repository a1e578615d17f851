import { useState } from 'react';
import { App, Card } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import type { FieldError } from '@syrx/contracts/errors';
import { useAddDevice } from '../api/submit-devices';
import { type AddDeviceFormValues, addDeviceFailure, toDeviceInput } from '../utils/add-device-form';
import { AddDeviceForm } from './add-device-form';

/**
 * …/devices/add, "Add BACnet device": the form, then submitting, then done, which returns to `returnTo` (the
 * device list; in the older area the BACnet query service page).
 */
export function AddDevicePage({ controllerId, returnTo }: { controllerId: string; returnTo: string }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const add = useAddDevice(controllerId);
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);

  if (add.isSuccess) return <Navigate to={returnTo} replace />;
  const onSubmit = (values: AddDeviceFormValues) => {
    setFieldErrors([]);
    add.mutate(toDeviceInput(values), {
      onSuccess: () => void message.success('The BACnet device was added'),
      onError: (error) => {
        const failure = addDeviceFailure(error);
        if ('toast' in failure) void message.error(failure.toast);
        else setFieldErrors(failure.fields);
      },
    });
  };
  return (
    <Card title="Add BACnet device">
      <AddDeviceForm submitting={add.isPending} fieldErrors={fieldErrors} onSubmit={onSubmit} onCancel={() => void navigate(returnTo)} />
    </Card>
  );
}
