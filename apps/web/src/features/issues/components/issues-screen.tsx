import { useState } from 'react';
import { Button, Flex, Input, Select, type TableColumnsType, Tag, Typography } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import type { Sort } from '@syrx/contracts/grid';
import type { Issue, IssueKind } from '@syrx/contracts/issues';
import { PagedGrid, sortableColumn, usePagedGrid } from '../../../components/paged-grid';
import { formatDateTime } from '../../../lib/date-format';
import { type IssueFilters, issuesCsvUrl, useAssignees, useFieldChoices, useIssuesPage } from '../api/issues';
import { issuePath, kindTexts } from '../utils/issue-kind';
import { CreateIssueDialog } from './create-issue-dialog';

const newestFirst: Sort[] = [{ field: 'id', dir: 'desc' }];
const pageSizes = [20, 50, 100, 200];

function columns(kind: IssueKind, sort: readonly Sort[]): TableColumnsType<Issue> {
  return [
    { title: '#', dataIndex: 'id', width: 70, ...sortableColumn(sort, 'id', true) },
    { title: 'Title', dataIndex: 'title', ...sortableColumn(sort, 'title'), render: (t: string, i) => <Link to={issuePath(kind, i.id)}>{t}</Link> },
    { title: 'Status', dataIndex: 'status', width: 120, ...sortableColumn(sort, 'status'), render: (s: string, i) => <Tag color={i.closed ? 'green' : 'blue'}>{s}</Tag> },
    { title: 'Priority', dataIndex: 'priority', width: 100, ...sortableColumn(sort, 'priority') },
    { title: 'Type', dataIndex: 'type', width: 130, ...sortableColumn(sort, 'type') },
    { title: 'Assignee', dataIndex: 'assignee', width: 130, ...sortableColumn(sort, 'assignee') },
    { title: 'Due', dataIndex: 'due_date', width: 110, ...sortableColumn(sort, 'due_date') },
    { title: 'Of', key: 'of', width: 180, render: (_, i) => i.project_name ?? i.syrx_controller_name },
    { title: 'Updated', dataIndex: 'updated_at', width: 130, ...sortableColumn(sort, 'updated_at', true), render: (d: string) => formatDateTime(d) },
  ];
}

/** The owner filter a link carries; a value that is no id is ignored. */
function ownerFilter(search: URLSearchParams): Pick<IssueFilters, 'project_id' | 'syrx_controller_id'> {
  const project = search.get('project_id') ?? '';
  const controller = search.get('syrx_controller_id') ?? '';
  return {
    ...(/^[1-9]\d{0,9}$/.test(project) ? { project_id: Number(project) } : {}),
    ...(/^[0-9a-f-]{36}$/i.test(controller) ? { syrx_controller_id: controller } : {}),
  };
}

/**
 * /commissioning/issues and /commissioning/tasks: the log's grid (the server pages, sorts and filters), New, and CSV of the
 * filter; `?project_id=` or `?syrx_controller_id=` shows one owner's entries.
 */
export function IssuesScreen({ kind }: { kind: IssueKind }) {
  const texts = kindTexts[kind];
  const grid = usePagedGrid(newestFirst);
  // A project's or a controller's entries when the link says so (?project_id=, ?syrx_controller_id=).
  const [search] = useSearchParams();
  const [filters, setFilters] = useState<IssueFilters>(() => ({ open: 'true', ...ownerFilter(search) }));
  const [creating, setCreating] = useState(false);
  const page = useIssuesPage(kind, grid.paging, grid.sort, filters);
  const choices = useFieldChoices(kind).data;
  const assignees = useAssignees(kind).data ?? [];
  const change = (over: Partial<IssueFilters>) => {
    setFilters((f) => ({ ...f, ...over }));
    grid.firstPage();
  };
  const select = (label: string, field: 'status_id' | 'priority_id' | 'type_id' | 'assignee_id', options: { value: number; label: string }[]) => (
    <Select<number> aria-label={label} placeholder={label} allowClear style={{ width: 170 }} options={options} value={filters[field]} onChange={(v) => change({ [field]: v })} />
  );
  const named = (list: { id: number; name: string }[] | undefined) => (list ?? []).map((o) => ({ value: o.id, label: o.name }));

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>{texts.title}</Typography.Title>
        <Flex gap={8}>
          <Button icon={<DownloadOutlined />} href={issuesCsvUrl(kind, filters)}>Export CSV</Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>New {texts.one}</Button>
        </Flex>
      </Flex>
      <Flex gap={12} wrap role="search" aria-label={`${texts.title} filters`}>
        <Input.Search aria-label="Text" placeholder="Title or description contains" allowClear style={{ width: 260 }} onSearch={(v) => change({ q: v.trim() || undefined })} />
        <Select<string> aria-label="Open or closed" style={{ width: 130 }} value={filters.open ?? 'all'} onChange={(v) => change({ open: v === 'all' ? undefined : (v as 'true' | 'false') })}
          options={[{ value: 'true', label: 'Open' }, { value: 'false', label: 'Closed' }, { value: 'all', label: 'Open and closed' }]} />
        {select('Status', 'status_id', named(choices?.status))}
        {select('Priority', 'priority_id', named(choices?.priority))}
        {select('Type', 'type_id', named(choices?.type))}
        {select('Assignee', 'assignee_id', assignees.map((u) => ({ value: u.id, label: u.username })))}
      </Flex>
      {(filters.project_id !== undefined || filters.syrx_controller_id !== undefined) && (
        <Flex><Tag closable onClose={() => change({ project_id: undefined, syrx_controller_id: undefined })}>Of one {filters.project_id === undefined ? 'controller' : 'project'}</Tag></Flex>
      )}
      <PagedGrid<Issue> label={texts.title} what={texts.many} grid={grid} columns={columns(kind, grid.sort)} rowKey="id" source={page} pageSizes={pageSizes} />
      {creating && <CreateIssueDialog kind={kind} onClose={() => setCreating(false)} />}
    </Flex>
  );
}
