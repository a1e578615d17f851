import { type ReactNode, useState } from 'react';
import { Alert, Empty, Flex, Select, Spin, Typography } from 'antd';
import type { ReportingPointRef } from '../../../lib/point-reporting-link';
import { usePickerControllers } from '../api/picker-controllers';

/** The point-picker tree of one controller, which hands over the point picked. */
export type RenderPointPicker = (controllerId: string, onPick: (point: ReportingPointRef) => void) => ReactNode;

interface PointSourceProps {
  /** The controller shown first: the one the first chosen point belongs to, when it is in the list. */
  preferredControllerName: string | undefined;
  renderPointPicker: RenderPointPicker;
  onPick: (point: ReportingPointRef) => void;
}

/** Where points are added from: a controller of the current group, then its point-picker tree. */
export function PointSource({ preferredControllerName, renderPointPicker, onPick }: PointSourceProps) {
  const { groupId, controllers } = usePickerControllers();
  const [chosen, setChosen] = useState<string | null>(null);
  if (groupId === undefined) return <Alert type="info" showIcon title="Choose a current group to pick points of its Syrx controllers." />;
  if (controllers.isPending) return <Spin aria-label="Loading the Syrx controllers" />;
  if (controllers.isError) return <Alert type="error" showIcon role="alert" title="The Syrx controllers could not be loaded" description={controllers.error.message} />;
  const list = controllers.data;
  if (list.length === 0) return <Empty description="No Syrx controllers in the current group" />;
  const id = list.find((c) => c.id === chosen)?.id ?? (list.find((c) => c.name === preferredControllerName) ?? list[0])?.id ?? '';
  return (
    <Flex vertical gap={8}>
      <Select
        aria-label="Syrx controller"
        value={id}
        onChange={setChosen}
        showSearch={{ optionFilterProp: 'label' }}
        options={list.map((c) => ({ value: c.id, label: c.group_name ? `${c.group_name} - ${c.name}` : c.name }))}
      />
      <Typography.Text type="secondary">Open a device and an object type, then click a point to add it.</Typography.Text>
      <div key={id}>{renderPointPicker(id, onPick)}</div>
    </Flex>
  );
}
