import { type ReactNode, useState } from 'react';
import { Alert, Button, Card, Col, Empty, Flex, Row, Spin, Tag, Tree, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ComponentType } from '@syrx/contracts/components';
import { CatalogueEditor } from '../../../components/catalogue/catalogue-editor';
import { useComponentTypes, useTypeChanges } from '../api/component-types';
import { type TypeNode, pathOf, typeTree } from '../utils/type-tree';
import { TypePanel, typeFields } from './type-panel';

interface TreeItem {
  key: number;
  title: ReactNode;
  children: TreeItem[];
}

const itemOf = (n: TypeNode): TreeItem => ({
  key: n.type.id,
  title: (
    <span>
      {n.type.description} {n.type.is_schedule_type && <Tag color="blue">schedule</Tag>}
      {n.type.points > 0 && <Typography.Text type="secondary">{` ${n.type.points} points`}</Typography.Text>}
    </span>
  ),
  children: n.children.map(itemOf),
});

/** /admin/components (components_manage): the component type tree behind the schedule and the equipment editor. */
export function ComponentTypesScreen() {
  const types = useComponentTypes();
  const changes = useTypeChanges();
  const [selected, setSelected] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const list: ComponentType[] = types.data ?? [];
  const chosen = list.find((t) => t.id === selected);

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>Components</Typography.Title>
          <Typography.Text type="secondary">Schedule types are a project schedule&apos;s sections; the types below them are the subcomponent choices.</Typography.Text>
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>New top-level type</Button>
      </Flex>
      {types.error && <Alert type="error" showIcon role="alert" title="The component types could not be loaded" description={types.error.message} />}
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <Card title="Component types" styles={{ body: { maxHeight: 640, overflow: 'auto' } }}>
            {types.isPending ? <Spin aria-label="Loading the component types" /> : (
              <Tree<TreeItem> aria-label="Component types" showLine blockNode treeData={typeTree(list).map(itemOf)} selectedKeys={selected === null ? [] : [selected]}
                onSelect={(keys) => setSelected(keys.length > 0 ? Number(keys[0]) : null)} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          {chosen ? (
            <TypePanel key={chosen.id} type={chosen} path={pathOf(list, chosen.id)} subtypes={list.filter((t) => t.parent_id === chosen.id).length} onDeleted={() => setSelected(null)} />
          ) : <Card><Empty description="Choose a type to edit it and its points" /></Card>}
        </Col>
      </Row>
      {adding && (
        <CatalogueEditor title="New top-level type" okText="Save" fields={typeFields(true)} row={null} onClose={() => setAdding(false)}
          save={(body) => changes.create.mutateAsync({ parent_id: null, description: String(body.description), is_schedule_type: body.is_schedule_type === true })} />
      )}
    </Flex>
  );
}
