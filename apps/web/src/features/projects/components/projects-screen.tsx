import { Alert, Button, Flex, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import type { Sort } from '@syrx/contracts/grid';
import { type Project, projectMessages } from '@syrx/contracts/projects';
import { PagedGrid, sortableColumn, usePagedGrid } from '../../../components/paged-grid';
import { useCurrentUser } from '../../../lib/session';
import { useDeleteProject, useProjectsPage } from '../api/projects';
import { formatCost, formatDay } from '../utils/project-form';
import { GroupScreenHeader } from '../../../components/group-screen-header';
import { EditDeleteButtons } from '../../../components/edit-delete-buttons';
import { useConfirmDelete } from '../../../components/use-confirm-delete';

const byName: Sort[] = [{ field: 'name', dir: 'asc' }];

/** /projects: the current group's projects, paged and sortable (by the server), with New Project, Schedule, Edit and Delete. */
export function ProjectsScreen() {
  const navigate = useNavigate();
  const confirmDelete = useConfirmDelete();
  const group = useCurrentUser().commissioning_group;
  const grid = usePagedGrid(byName);
  const { sort } = grid;
  const page = useProjectsPage(group?.id, grid.paging, sort);
  const remove = useDeleteProject();

  const onDelete = (p: Project) =>
    confirmDelete({ what: 'project', name: p.name, content: 'Its schedule and equipment are deleted with it.', remove: () => remove.mutateAsync(p.id), failed: projectMessages.deleteFailed });

  const columns: TableColumnsType<Project> = [
    { title: 'Name', dataIndex: 'name', ...sortableColumn(sort, 'name'), render: (name: string, p) => <Link to={`/project/schedule/${p.id}`}>{name}</Link> },
    { title: 'Address', dataIndex: 'address', ...sortableColumn(sort, 'address') },
    { title: 'Customer Project Id', dataIndex: 'customer_project_id', ...sortableColumn(sort, 'customer_project_id') },
    { title: 'Start Date', dataIndex: 'start_date', ...sortableColumn(sort, 'start_date'), render: (d: string | null) => formatDay(d) },
    { title: 'Complete Date', dataIndex: 'complete_date', ...sortableColumn(sort, 'complete_date'), render: (d: string | null) => formatDay(d) },
    { title: 'Estimated Cost', dataIndex: 'estimated_cost', ...sortableColumn(sort, 'estimated_cost'), render: (c: string | null) => formatCost(c) },
    {
      title: 'Actions', key: 'actions', width: 230,
      render: (_: unknown, p) => {
        const schedule = <Button size="small" aria-label={`Schedule of ${p.name}`} onClick={() => void navigate(`/project/schedule/${p.id}`)}>Schedule</Button>;
        return <EditDeleteButtons name={p.name} before={schedule} onEdit={() => void navigate(`/project/editor/${p.id}`)} onDelete={() => onDelete(p)} />;
      },
    },
  ];

  return (
    <Flex vertical gap={16}>
      <GroupScreenHeader title="Projects" what="Projects" group={group} action={<Button type="primary" icon={<PlusOutlined />} disabled={!group} onClick={() => void navigate('/project/editor')}>New Project</Button>} />
      {!group && <Alert type="info" showIcon title="Choose a current group to see its projects." />}
      {group && (
        <PagedGrid<Project> label="Projects" what="projects" grid={grid} columns={columns} rowKey="id" source={page} pageSizes={[10, 20, 50, 100]} />
      )}
    </Flex>
  );
}
