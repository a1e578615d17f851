import { Alert, App, Button, Card, Form, Spin } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { projectMessages } from '@syrx/contracts/projects';
import { useCurrentUser } from '../../../lib/session';
import { showFormFailure } from '../../../lib/form-errors';
import { useGroupPeople, useProject, useSaveProject } from '../api/projects';
import { newProjectValues, type ProjectFormValues, projectFormFields, toProjectBody, toProjectFormValues } from '../utils/project-form';
import { ProjectForm } from './project-form';

const list = '/projects';

/**
 * /project/editor (Add Project, into the current group) and /project/editor/{id} (Edit Project): after a save, back to
 * /projects; a refused save shows the specification's message (and the server's reasons under their fields).
 */
export function ProjectEditor({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProjectFormValues>();
  const user = useCurrentUser();
  const existing = useProject(id);
  const groupId = id === null ? user.commissioning_group?.id : existing.data?.group_id;
  const people = useGroupPeople(groupId);
  const save = useSaveProject(id);

  if (save.isSuccess) return <Navigate to={list} replace />;
  const back = () => void navigate(list);
  const isNew = id === null;

  const onSubmit = (values: ProjectFormValues) => {
    save.mutate(toProjectBody(values, groupId ?? 0, id ?? undefined), {
      onSuccess: (saved) => void message.success(`${saved.name} was ${isNew ? 'added' : 'saved'}`),
      onError: (error) => {
        showFormFailure(form, error, projectFormFields);
        void message.error(isNew ? projectMessages.createFailed : projectMessages.updateFailed);
      },
    });
  };

  const loadError = existing.error ?? people.error;
  let body;
  if (isNew && !user.commissioning_group) body = <Alert type="info" showIcon title="Choose a current group to add a project to it." />;
  else if (loadError) body = <Alert type="error" showIcon role="alert" title="The project could not be loaded" description={loadError.message} action={<Button onClick={back}>Back to the projects</Button>} />;
  else if ((!isNew && !existing.data) || !people.data) body = <Spin aria-label="Loading the project" style={{ padding: 48 }} />;
  else {
    body = (
      <ProjectForm
        form={form}
        initialValues={existing.data ? toProjectFormValues(existing.data) : newProjectValues}
        people={people.data}
        submitting={save.isPending}
        onSubmit={onSubmit}
        onCancel={back}
      />
    );
  }
  return (
    <Card title={isNew ? 'Add Project' : 'Edit Project'} style={{ maxWidth: 900 }}>
      {body}
    </Card>
  );
}
