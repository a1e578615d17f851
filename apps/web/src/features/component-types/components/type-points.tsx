import { useState } from 'react';
import { Alert, Button, Flex, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ComponentPoint, ComponentType } from '@syrx/contracts/components';
import { actionsColumn } from '../../../components/catalogue/actions-column';
import { CatalogueDelete } from '../../../components/catalogue/catalogue-delete';
import { CatalogueEditor } from '../../../components/catalogue/catalogue-editor';
import { pointFields } from '../../../components/catalogue/point-fields';
import { usePointChanges, useTypePoints } from '../api/component-types';
import { GenericPointPicker } from './generic-point-picker';

/** A component type's points: added (from a generic point or by hand), edited and removed. */
export function TypePoints({ type }: { type: ComponentType }) {
  const points = useTypePoints(type.id);
  const changes = usePointChanges(type.id);
  const [editing, setEditing] = useState<ComponentPoint | null | undefined>(undefined);
  const [removing, setRemoving] = useState<ComponentPoint | null>(null);

  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>Points</Typography.Title>
        <Button icon={<PlusOutlined />} onClick={() => setEditing(null)}>New point</Button>
      </Flex>
      {points.error && <Alert type="error" showIcon role="alert" title="The points could not be loaded" description={points.error.message} />}
      <Table<ComponentPoint>
        aria-label={`Points of ${type.description}`} rowKey="id" size="small" pagination={false} loading={points.isPending} dataSource={points.data}
        locale={{ emptyText: 'No points' }}
        columns={[
          { title: 'Point code', dataIndex: 'point_code', width: 140 }, { title: 'Description', dataIndex: 'description' }, { title: 'Type', dataIndex: 'point_type', width: 80 },
          actionsColumn<ComponentPoint>((p) => p.point_code, setEditing, setRemoving, 'Remove'),
        ]}
      />
      {editing !== undefined && (
        <CatalogueEditor
          title={editing ? `Edit point ${editing.point_code}` : `Add a point to ${type.description}`} okText="Save" fields={pointFields} row={editing}
          lead={editing ? undefined : <GenericPointPicker />}
          save={(body) => changes.save.mutateAsync({ id: editing?.id ?? null, body: body as ComponentPoint })}
          onClose={() => setEditing(undefined)}
        />
      )}
      {removing && <CatalogueDelete what={`the point "${removing.point_code}"`} remove={() => changes.remove.mutateAsync(removing.id)} onClose={() => setRemoving(null)} />}
    </Flex>
  );
}
