import { useState } from 'react';
import { Alert, App, Button, Flex, Space, Table, type TableColumnsType, Typography } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import type { Sort } from '@syrx/contracts/grid';
import { type Project, projectMessages } from '@syrx/contracts/projects';
import { useCurrentUser } from '../../../lib/session';
import { sortFromSorter } from '../../../lib/table-sort';
import { useDeleteProject, useProjectsPage } from '../api/projects';
import { formatCost, formatDay } from '../utils/project-form';

const byName: Sort[] = [{ field: 'name', dir: 'asc' }];

const orderOf = (sort: readonly Sort[], field: string): SortOrder => {
  const dir = sort.find((s) => s.field === field)?.dir;
  return dir === undefined ? null : dir === 'asc' ? 'ascend' : 'descend';
};
const sortable = (sort: readonly Sort[], field: string) => ({ key: field, sorter: true, sortOrder: orderOf(sort, field) });

/** /projects: the current group's projects, paged and sortable (by the server), with New Project, Schedule, Edit and Delete. */
export function ProjectsScreen() {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const group = useCurrentUser().commissioning_group;
  const [sort, setSort] = useState<Sort[]>(byName);
  const [paging, setPaging] = useState({ current: 1, pageSize: 20 });
  const page = useProjectsPage(group?.id, paging, sort);
  const remove = useDeleteProject();

  const onDelete = (p: Project) => {
    modal.confirm({
      title: `Delete the project ${p.name}?`,
      content: 'Its schedule and equipment are deleted with it.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(p.id).then(() => void message.success(`${p.name} was deleted`), () => void message.error(projectMessages.deleteFailed)),
    });
  };

  const columns: TableColumnsType<Project> = [
    { title: 'Name', dataIndex: 'name', ...sortable(sort, 'name'), render: (name: string, p) => <Link to={`/project/schedule/${p.id}`}>{name}</Link> },
    { title: 'Address', dataIndex: 'address', ...sortable(sort, 'address') },
    { title: 'Customer Project Id', dataIndex: 'customer_project_id', ...sortable(sort, 'customer_project_id') },
    { title: 'Start Date', dataIndex: 'start_date', ...sortable(sort, 'start_date'), render: (d: string | null) => formatDay(d) },
    { title: 'Complete Date', dataIndex: 'complete_date', ...sortable(sort, 'complete_date'), render: (d: string | null) => formatDay(d) },
    { title: 'Estimated Cost', dataIndex: 'estimated_cost', ...sortable(sort, 'estimated_cost'), render: (c: string | null) => formatCost(c) },
    {
      title: 'Actions', key: 'actions', width: 230,
      render: (_: unknown, p) => (
        <Space>
          <Button size="small" aria-label={`Schedule of ${p.name}`} onClick={() => void navigate(`/project/schedule/${p.id}`)}>Schedule</Button>
          <Button size="small" aria-label={`Edit ${p.name}`} onClick={() => void navigate(`/project/editor/${p.id}`)}>Edit</Button>
          <Button size="small" danger aria-label={`Delete ${p.name}`} onClick={() => onDelete(p)}>Delete</Button>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>Projects</Typography.Title>
          {group && <Typography.Text type="secondary">Projects of {group.name}</Typography.Text>}
        </div>
        <Button type="primary" icon={<PlusOutlined />} disabled={!group} onClick={() => void navigate('/project/editor')}>New Project</Button>
      </Flex>
      {!group && <Alert type="info" showIcon title="Choose a current group to see its projects." />}
      {page.isError && <Alert type="error" showIcon role="alert" title="The projects could not be loaded" description={page.error.message} />}
      {group && (
        <Table<Project>
          aria-label="Projects"
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={page.data?.items ?? []}
          loading={page.isPending}
          onChange={(pagination, _f, sorter) => {
            setSort(sortFromSorter(sorter, byName));
            setPaging({ current: pagination.current ?? 1, pageSize: pagination.pageSize ?? paging.pageSize });
          }}
          pagination={{ ...paging, total: page.data?.total ?? 0, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100], showTotal: (total, [from, to]) => `${from}-${to} of ${total} projects` }}
          locale={{ emptyText: 'No projects' }}
        />
      )}
    </Flex>
  );
}
