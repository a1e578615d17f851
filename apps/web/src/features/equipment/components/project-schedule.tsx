import { useState } from 'react';
import { Alert, Col, Flex, Row, Spin } from 'antd';
import type { ComponentNode } from '@syrx/contracts/components';
import { type Equipment, equipmentMessages, type ScheduleItem } from '@syrx/contracts/equipment';
import { useScheduleTree } from '../api/components';
import { useDeleteEquipment, useSchedule } from '../api/equipment';
import { EquipmentInformation } from './equipment-information';
import { PointSelection } from './point-selection';
import { ScheduleSection } from './schedule-section';
import { useConfirmDelete } from '../../../components/use-confirm-delete';

/** What the right-hand side shows (spec 02 section 4): the equipment editor, the point editor, or nothing. */
type Panel = { kind: 'editor'; type: ComponentNode; equipmentId: number | null } | { kind: 'points'; equipment: Equipment } | null;

interface ProjectScheduleProps {
  projectId: number;
  groupId: number;
}

/**
 * The project's schedule: one section per schedule component type with its equipment, the Equipment Information form
 * on the right for Add and Edit, then Point Selection for an equipment just created.
 */
export function ProjectSchedule({ projectId, groupId }: ProjectScheduleProps) {
  const confirmDelete = useConfirmDelete();
  const tree = useScheduleTree();
  const schedule = useSchedule(projectId);
  const remove = useDeleteEquipment();
  const [panel, setPanel] = useState<Panel>(null);

  const onDelete = (item: ScheduleItem) =>
    confirmDelete({
      what: 'equipment',
      name: item.name,
      remove: () => remove.mutateAsync(item.id),
      failed: equipmentMessages.deleteFailed,
      onDeleted: () => {
        if (panel?.kind === 'editor' && panel.equipmentId === item.id) setPanel(null);
      },
    });

  const error = tree.error ?? schedule.error;
  if (error) return <Alert type="error" showIcon role="alert" title="The schedule could not be loaded" description={error.message} />;
  if (!tree.data || !schedule.data) return <Spin aria-label="Loading the schedule" />;
  const items = schedule.data;

  let side = null;
  if (panel?.kind === 'editor') {
    side = (
      <EquipmentInformation
        // A new form for every equipment (and every Add), so nothing of the previous one stays.
        key={`${panel.type.id}:${panel.equipmentId ?? 'new'}`}
        projectId={projectId}
        groupId={groupId}
        component={panel.type}
        equipmentId={panel.equipmentId}
        onCancel={() => setPanel(null)}
        onCreated={(equipment) => setPanel({ kind: 'points', equipment })}
        onUpdated={() => setPanel(null)}
      />
    );
  } else if (panel?.kind === 'points') {
    side = <PointSelection key={panel.equipment.id} projectId={projectId} equipment={panel.equipment} onDone={() => setPanel(null)} />;
  }

  return (
    <Row gutter={16} align="top">
      <Col xs={24} lg={side ? 13 : 24}>
        <Flex vertical gap={12}>
          {tree.data.map((type) => (
            <ScheduleSection
              key={type.id}
              type={type}
              items={items.filter((i) => i.component_id === type.id)}
              onAdd={() => setPanel({ kind: 'editor', type, equipmentId: null })}
              onEdit={(item) => setPanel({ kind: 'editor', type, equipmentId: item.id })}
              onDelete={onDelete}
            />
          ))}
        </Flex>
      </Col>
      {side && (
        <Col xs={24} lg={11}>
          <div style={{ position: 'sticky', top: 16 }}>{side}</div>
        </Col>
      )}
    </Row>
  );
}
