import { useState } from 'react';
import { Button, Flex, Input, type TableColumnsType, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PagedGrid, sortableColumn, usePagedGrid } from '../paged-grid';
import { actionsColumn } from './actions-column';
import { useCatalogueChanges, useCataloguePage } from './catalogue-api';
import { CatalogueDelete } from './catalogue-delete';
import { CatalogueEditor } from './catalogue-editor';
import type { CatalogueScreenSpec } from './catalogue-spec';

const pageSizes = [20, 50, 100, 200];

/**
 * An Admin catalogue (weather stations, utility companies, contact categories, generic points): the grid the server
 * pages, sorts and filters, New, and per row Edit (the editor dialog) and Delete (the confirmation).
 */
export function CatalogueScreen<T extends { id: number }>({ spec }: { spec: CatalogueScreenSpec<T> }) {
  const grid = usePagedGrid([{ field: spec.key, dir: 'asc' }]);
  const [text, setText] = useState('');
  const page = useCataloguePage(spec.api, { pageNum: grid.paging.current, pageSize: grid.paging.pageSize, sort: grid.sort, contains: { field: spec.filter.field, text } });
  const changes = useCatalogueChanges(spec.api);
  // The editor: closed (undefined), adding (null) or editing a row; the row asked to be deleted.
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<T | null>(null);
  const nameOf = (row: T) => String(row[spec.key]);

  const columns: TableColumnsType<T> = [
    ...spec.columns.map((c) => ({
      title: c.title, dataIndex: c.field, width: c.width, ...(c.sortable === false ? { key: c.field } : sortableColumn(grid.sort, c.field)),
      ...(c.render ? { render: (_: unknown, row: T) => c.render?.(row) } : {}),
    })),
    actionsColumn(nameOf, setEditing, setDeleting),
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>{spec.title}</Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>New {spec.one}</Button>
      </Flex>
      <Flex gap={12} role="search" aria-label={`${spec.title} filters`}>
        <Input.Search aria-label={spec.filter.label} placeholder={`${spec.filter.label} contains`} allowClear style={{ width: 260 }} onSearch={(v) => { setText(v); grid.firstPage(); }} />
      </Flex>
      <PagedGrid<T> label={spec.title} what={spec.many} grid={grid} columns={columns} rowKey="id" source={page} pageSizes={pageSizes} />
      {editing !== undefined && (
        <CatalogueEditor
          title={editing ? `Edit ${spec.one}` : `New ${spec.one}`}
          okText="Save"
          fields={spec.fields}
          row={editing}
          save={(values) => changes.save.mutateAsync({ id: editing?.id ?? null, values })}
          onClose={() => setEditing(undefined)}
        />
      )}
      {deleting && (
        <CatalogueDelete what={`the ${spec.one} "${nameOf(deleting)}"`} usage={spec.usage?.(deleting)} remove={() => changes.remove.mutateAsync(deleting.id)} onClose={() => setDeleting(null)} />
      )}
    </Flex>
  );
}
