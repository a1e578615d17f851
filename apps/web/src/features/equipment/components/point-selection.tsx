import { useState } from 'react';
import { App, Button, Card, Radio, Space, Table, type TableColumnsType, Typography } from 'antd';
import { noPointType } from '@syrx/contracts/components';
import { type Equipment, type EquipmentPoint, type PointChoice, pointChoices } from '@syrx/contracts/equipment';
import { useSaveEquipmentTasks } from '../api/equipment';

interface PointSelectionProps {
  /** The equipment's project; null for equipment of the standalone editor (no project, so no point choices). */
  projectId: number | null;
  equipment: Equipment;
  onDone: () => void;
}

/**
 * Point Selection (spec 02 sections 2, 4, 5 and 9): after an equipment is created, one row per point except NP, each
 * with its choice (n/a, add, exist, replace; n/a until chosen); Submit stores them as equipment tasks. Equipment without
 * a project (the standalone editor) has its points listed and Close: the choices are a project's equipment tasks.
 */
export function PointSelection({ projectId, equipment, onDone }: PointSelectionProps) {
  const { message } = App.useApp();
  const points = equipment.points.filter((p) => p.point_type !== noPointType);
  const [choices, setChoices] = useState<Record<number, PointChoice>>({});
  const save = useSaveEquipmentTasks(projectId ?? 0);
  const choiceOf = (p: EquipmentPoint): PointChoice => choices[p.component_point_id] ?? 'n/a';

  const onSubmit = () => {
    if (projectId === null) return;
    const body = { equipment_id: equipment.id, equipment_points: points.map((p) => ({ component_point_id: p.component_point_id, add_exist_replace: choiceOf(p) })) };
    save.mutate(body, {
      onSuccess: () => { void message.success(`The points of ${equipment.name} were saved`); onDone(); },
      onError: (e) => void message.error(`The points were not saved: ${e.message}`),
    });
  };

  const columns: TableColumnsType<EquipmentPoint> = [
    { title: 'Point Code', dataIndex: 'point_code', width: 110 },
    { title: 'Description', dataIndex: 'description' },
    { title: 'Type', dataIndex: 'point_type', width: 70 },
    ...(projectId === null ? [] : [{
      title: 'Choice', key: 'choice', width: 250,
      render: (_: unknown, p: EquipmentPoint) => (
        <Radio.Group
          size="small"
          aria-label={`Choice for ${p.point_code}`}
          value={choiceOf(p)}
          onChange={(e) => setChoices((c) => ({ ...c, [p.component_point_id]: e.target.value as PointChoice }))}
          options={pointChoices.map((c) => ({ value: c, label: c }))}
          optionType="button"
        />
      ),
    }]),
  ];

  return (
    <Card title="Point Selection" extra={equipment.name} role="region" aria-label="Point Selection">
      <Typography.Paragraph type="secondary">
        {projectId === null
          ? `The points ${equipment.name} was created with. Whether each is added, exists or is replaced is chosen in a project's schedule.`
          : `Choose for each point of ${equipment.name} whether it is added, exists or is replaced.`}
      </Typography.Paragraph>
      <Table<EquipmentPoint> aria-label="Points" rowKey="id" size="small" columns={columns} dataSource={points} pagination={false} locale={{ emptyText: 'This equipment has no points to choose' }} />
      <Space style={{ marginTop: 12 }}>
        {projectId === null ? (
          <Button type="primary" onClick={onDone}>Close</Button>
        ) : (
          <>
            <Button type="primary" loading={save.isPending} onClick={onSubmit}>Submit</Button>
            <Button onClick={onDone} disabled={save.isPending}>Cancel</Button>
          </>
        )}
      </Space>
    </Card>
  );
}
