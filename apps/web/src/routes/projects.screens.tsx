import { Flex } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import { PageNotFound } from '../components/page-not-found';
import { EquipmentEditorScreen } from '../features/equipment/components/equipment-editor-screen';
import { ProjectSchedule } from '../features/equipment/components/project-schedule';
import { useProject } from '../features/projects/api/projects';
import { ProjectEditor } from '../features/projects/components/project-editor';
import { ProjectHeader } from '../features/projects/components/project-header';

export { ContactsScreen } from '../features/contacts/components/contacts-screen';
export { ProjectsScreen } from '../features/projects/components/projects-screen';

/** A database id from a path or query, or null when it is none. */
const idOf = (raw: string | null | undefined): number | null => (raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

/** Another id is another form (nothing of the previous project stays in it); an id that is no number is no page. */
export function EditProjectRoute() {
  const id = idOf(useParams().id);
  return id === null ? <PageNotFound /> : <ProjectEditor key={id} id={id} />;
}

/** /project/schedule/{id}: the project's header (projects) above its equipment schedule (equipment). */
function ProjectScheduleScreen({ id }: { id: number }) {
  const project = useProject(id);
  return (
    <Flex vertical gap={16}>
      <ProjectHeader project={project.data} error={project.error} />
      {project.data && <ProjectSchedule projectId={id} groupId={project.data.group_id} />}
    </Flex>
  );
}

export function ProjectScheduleRoute() {
  const id = idOf(useParams().id);
  return id === null ? <PageNotFound /> : <ProjectScheduleScreen key={id} id={id} />;
}

/** /commissioning/equipment/editor, with ?id= for an existing equipment. */
export function EquipmentEditorRoute() {
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  return <EquipmentEditorScreen key={id ?? 'new'} id={id} />;
}

export const NewProjectRoute = () => <ProjectEditor key="new" id={null} />;
