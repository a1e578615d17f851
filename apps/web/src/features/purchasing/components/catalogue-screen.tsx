import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Popconfirm, Space, Spin, Table, type TableColumnsType, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { formatUsd, toCents } from '@syrx/contracts/purchasing';
import { useCurrentUser } from '../../../lib/session';
import { type Catalogue, useCatalogue } from '../api/catalogue';
import { type CatalogueKind, useDeleteCatalogueItem } from '../api/catalogue-admin';
import { CatalogueItemModal, type EditableItem, kindLabels } from './catalogue-item-modal';

export const catalogueManagePermission = 'syrx_categories_manage';

function Actions({ kind, item, onEdit }: { kind: CatalogueKind; item: EditableItem; onEdit: () => void }) {
  const { message } = App.useApp();
  const remove = useDeleteCatalogueItem(kind);
  return (
    <Space>
      <Button size="small" onClick={onEdit} aria-label={`Edit ${item.name}`}>
        Edit
      </Button>
      <Popconfirm
        title={`Delete ${item.name}?`}
        description="Orders already placed keep it."
        okText="Delete"
        okButtonProps={{ danger: true }}
        onConfirm={() => remove.mutate(item.id, { onError: (e) => void message.error(e.message) })}
      >
        <Button size="small" danger aria-label={`Delete ${item.name}`}>
          Delete
        </Button>
      </Popconfirm>
    </Space>
  );
}

function Section({ kind, title, rows, columns, onEdit }: {
  kind: CatalogueKind; title: string; rows: EditableItem[]; columns: TableColumnsType<EditableItem>; onEdit: (kind: CatalogueKind, item: EditableItem | null) => void;
}) {
  return (
    <Card title={title} extra={<Button icon={<PlusOutlined />} onClick={() => onEdit(kind, null)}>{`New ${kindLabels[kind]}`}</Button>}>
      <Table<EditableItem>
        rowKey="id"
        size="small"
        pagination={false}
        aria-label={title}
        dataSource={rows}
        columns={[...columns, { title: 'Order', dataIndex: 'sort_order', align: 'right', width: 90 }, {
          title: 'Actions', key: 'actions', width: 160, render: (_v, item) => <Actions kind={kind} item={item} onEdit={() => onEdit(kind, item)} />,
        }]}
      />
    </Card>
  );
}

const priceColumn = { title: 'Price', dataIndex: 'price', align: 'right' as const, width: 140, render: (p: number) => formatUsd(toCents(p)) };

function Editor({ c }: { c: Catalogue }) {
  const [editing, setEditing] = useState<{ kind: CatalogueKind; item: EditableItem | null } | null>(null);
  const onEdit = (kind: CatalogueKind, item: EditableItem | null) => setEditing({ kind, item });
  const categoryName = new Map(c.categories.map((cat) => [cat.id, cat.name]));
  return (
    <>
      <Section kind="sizes" title="Controller sizes" rows={c.sizes} onEdit={onEdit} columns={[
        { title: 'Name', dataIndex: 'name' }, priceColumn, { title: 'Nodes', dataIndex: 'number_of_nodes', align: 'right', width: 90 },
      ]} />
      <Section kind="categories" title="Node categories" rows={c.categories} onEdit={onEdit} columns={[
        { title: 'Name (one wizard page each)', dataIndex: 'name' },
        { title: 'Node types', key: 'count', align: 'right', width: 110, render: (_v, cat) => c.nodeTypes.filter((n) => n.syrx_controller_node_category_id === cat.id).length },
      ]} />
      <Section kind="nodeTypes" title="Node types" rows={c.nodeTypes} onEdit={onEdit} columns={[
        { title: 'Name', dataIndex: 'name' },
        { title: 'Category', dataIndex: 'syrx_controller_node_category_id', render: (id: number) => categoryName.get(id) ?? '' },
        priceColumn,
      ]} />
      {editing && <CatalogueItemModal kind={editing.kind} item={editing.item} categories={c.categories} onClose={() => setEditing(null)} />}
    </>
  );
}

/** /admin/syrx-catalogue: the purchasing catalogue (controller sizes, node categories, node types) for syrx_categories_manage. */
export function CatalogueScreen() {
  const user = useCurrentUser();
  const catalogue = useCatalogue();
  let body;
  if (!user.permissions.includes(catalogueManagePermission)) body = <Alert type="info" showIcon title="Editing the purchasing catalogue needs the permission syrx_categories_manage." />;
  else if (catalogue.error) body = <Alert type="error" showIcon role="alert" title="The catalogue could not be loaded" description={catalogue.error.message} />;
  else if (!catalogue.data) body = <Spin aria-label="Loading the catalogue" style={{ padding: 48 }} />;
  else body = <Editor c={catalogue.data} />;
  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Purchasing catalogue
        </Typography.Title>
        <Typography.Text type="secondary">What the purchasing wizard offers, and at which prices. Orders already placed keep their prices.</Typography.Text>
      </div>
      {body}
    </Flex>
  );
}
