import type { ReactNode } from 'react';
import { Alert, Button, Card, Spin } from 'antd';
import { FormActions } from '../../../components/form-actions';
import { useMayChange } from './change-button';

interface FormFrameProps {
  title: string;
  /** Loading phase: the form's data is on its way. */
  loading: boolean;
  loadError: Error | null;
  /** A refused save whose message no field holds. */
  saveAlert: string | null;
  onBack: () => void;
  children: ReactNode;
}

/**
 * An edit form of the pressure control service in its phases: loading (a spinner), failed to load (the server's
 * message and a way back), then the form, with the reason a save was refused above it.
 */
export function FormFrame({ title, loading, loadError, saveAlert, onBack, children }: FormFrameProps) {
  const { mayChange, title: refused } = useMayChange();
  let body: ReactNode;
  if (loadError) {
    body = (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={`${title} could not be loaded`}
        description={loadError.message}
        action={<Button onClick={onBack}>Back to the service</Button>}
      />
    );
  } else if (loading) {
    body = (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin aria-label={`Loading ${title}`} />
      </div>
    );
  } else {
    body = (
      <>
        {!mayChange && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={refused} />}
        {saveAlert !== null && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title="Not saved" description={saveAlert} />}
        {children}
      </>
    );
  }
  return <Card title={title}>{body}</Card>;
}

/** Save and Cancel: Save shows the submitting phase; Cancel returns to the service page unsaved. */
export function FormButtons({ submitting, onCancel, saveLabel = 'Save' }: { submitting: boolean; onCancel: () => void; saveLabel?: string }) {
  const { mayChange, title } = useMayChange();
  return (
    <FormActions submitLabel={saveLabel} submitting={submitting} onCancel={onCancel} refused={{ disabled: !mayChange, title }} />
  );
}
