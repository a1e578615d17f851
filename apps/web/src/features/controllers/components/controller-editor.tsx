import { Alert, Card } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { useCurrentUser } from '../../../lib/session';
import { useControllerConfiguration } from '../api/controller';
import { useSaveController } from '../api/save-controller';
import { type ControllerFormValues, toEditorPlan, toFormValues } from '../utils/editor-form';
import { controllerLabel } from '../utils/format';
import { canManageControllers, needsPcsAdmin } from '../utils/permissions';
import { useAreaPaths } from './area-context';
import { CallFailed, LoadFailed, Loading } from './load-state';
import { CreatedController } from './created-controller';
import { EditorForm } from './editor-form';

/**
 * /admin/syrx-controllers/new and /{id}/edit. Loading, then the form, then submitting; once saved an edit goes
 * to the controller's page and a new controller first shows its one-time password.
 */
export function ControllerEditor({ id }: { id?: string }) {
  const navigate = useNavigate();
  const paths = useAreaPaths();
  const mayManage = canManageControllers(useCurrentUser());
  const save = useSaveController(id);
  const editing = id !== undefined;
  const loaded = useControllerConfiguration(id ?? '', editing);

  if (save.isSuccess) {
    if (save.data.password !== undefined) return <CreatedController saved={save.data} />;
    return <Navigate to={paths.controller(save.data.controller.id)} replace />;
  }
  let initialValues: ControllerFormValues = toFormValues();
  if (editing) {
    const { controller, connection, bbmdServers } = loaded;
    const failed = controller.error ?? connection.error ?? bbmdServers.error;
    if (failed) return <LoadFailed error={failed} />;
    if (!controller.data || connection.data === undefined || !bbmdServers.data) return <Loading what="the Syrx controller" />;
    initialValues = toFormValues(controller.data, connection.data, bbmdServers.data);
  }

  const onSubmit = (values: ControllerFormValues) => save.mutate(toEditorPlan(values));
  const onCancel = () => void navigate(id !== undefined ? paths.controller(id) : paths.base);
  const title = editing && loaded.controller.data ? `Edit Syrx controller ${controllerLabel(loaded.controller.data)}` : 'Setup new controller';
  return (
    <Card title={title}>
      {!mayManage && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={needsPcsAdmin} />}
      {save.error && <CallFailed error={save.error} />}
      <EditorForm
        initialValues={initialValues}
        submitting={save.isPending}
        disabled={!mayManage}
        submitLabel="Save"
        onSubmit={onSubmit}
        onCancel={onCancel}
      />
    </Card>
  );
}
